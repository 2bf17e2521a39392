import { type CodeConfigInput, DEFAULT_CODE_CHARSET, generateUniqueCodes } from '@voucherkit/domain';
import type { ServiceContext } from '../../../core/context.js';
import type { ProjectSettings } from '../../../core/projects.js';

/**
 * The codes of a project's vouchers as its settings say: the key a code is filed under (the code
 * itself, or in upper case where codes are not case-sensitive), the default charset, and new
 * codes that no voucher uses. The voucher store owns it and says which keys are taken.
 */
export class VoucherCodes {
  /** Every code in use, live or in the bin, for code generation. */
  readonly #taken = { has: (code: string): boolean => this.isKeyTaken(this.key(code)) };

  /**
   * @param context - The service's context: its random source draws the codes.
   * @param settings - The project's code settings, read as they are now.
   * @param isKeyTaken - Whether a voucher, live or in the bin, holds a code with this key.
   */
  constructor(
    private readonly context: ServiceContext,
    private readonly settings: Pick<ProjectSettings, 'caseSensitiveCodes' | 'codeCharset'>,
    private readonly isKeyTaken: (key: string) => boolean,
  ) {}

  /** A code as the store files it: itself, or in upper case where the project's codes are not case-sensitive. */
  key(code: string): string {
    return this.settings.caseSensitiveCodes === false ? code.toUpperCase() : code;
  }

  /**
   * Codes not used in the project, from a code configuration; of the project's default charset when it names none.
   *
   * @throws DomainError `invalid_code_config` when the configuration cannot yield that many unused codes.
   */
  generate(config: CodeConfigInput, count: number): string[] {
    const withCharset = { ...config, charset: config.charset ?? this.charset() };
    if (this.settings.caseSensitiveCodes !== false)
      return generateUniqueCodes(withCharset, count, this.context.random, this.#taken);
    // Codes that differ in case only are one code here: a batch from a charset of both cases holds neither twice.
    const batch = new Set<string>();
    return generateUniqueCodes(withCharset, count, this.context.random, (code) => {
      const key = this.key(code);
      if (batch.has(key) || this.isKeyTaken(key)) return true;
      batch.add(key);
      return false;
    });
  }

  /** The characters of codes whose configuration names none: the project's `default_code_config.charset`. */
  charset(): string {
    return this.settings.codeCharset ?? DEFAULT_CODE_CHARSET;
  }
}
