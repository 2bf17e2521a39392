// The site's theme: typedoc's default theme, printing each type once.
import { DefaultTheme, DefaultThemeRenderContext, JSX, PageEvent, ReflectionKind } from 'typedoc';
import { isGenerated } from './generated.mjs';

/** What an object type shows where the list of its properties follows. */
const FOLDED = JSX.createElement('span', { class: 'tsd-signature-symbol' }, '{ … }');

/**
 * Whether typedoc lists the properties of an object type, each with its type and comment, below
 * where it prints the type (a "Type declaration"): it does when one of them has a comment.
 *
 * @param {import('typedoc').SomeType | undefined} type
 * @param {string[]} notRenderedTags
 */
const isListed = (type, notRenderedTags) =>
  type?.type === 'reflection' &&
  type.declaration.signatures === undefined &&
  (type.declaration.children ?? []).some((child) => child.hasComment(notRenderedTags));

/**
 * The default theme prints an object type whose properties it lists in full and as the list, and
 * again in full in the list's item of each enclosing property: the spec's schemas, nested a few
 * levels deep, came out several times over. Here an object type that is listed shows as `{ … }`
 * above its list, and the interfaces of the generated modules, whose members are the spec's paths,
 * operations and schemas, have no preview of all their members above the members themselves.
 */
class LeanContext extends DefaultThemeRenderContext {
  constructor(...args) {
    super(...args);
    const notRenderedTags = this.options.getValue('notRenderedTags');
    const { reflectionPreview, memberDeclaration, typeDetails, type } = this;
    this.reflectionPreview = (reflection) =>
      isGenerated(this.page.project, reflection) ? undefined : reflectionPreview(reflection);
    this.memberDeclaration = (member) =>
      isListed(member.type, notRenderedTags) && member.defaultValue === undefined && !member.typeParameters?.length
        ? this.foldedDeclaration(member)
        : memberDeclaration(member);
    // Within a list, the item of a property whose object type is listed lists it below.
    let listing = 0;
    this.typeDetails = (...params) => {
      listing += 1;
      try {
        return typeDetails(...params);
      } finally {
        listing -= 1;
      }
    };
    this.type = (shown, options) => (listing > 0 && isListed(shown, notRenderedTags) ? FOLDED : type(shown, options));
  }

  /**
   * typedoc's declaration of a property (signature, summary, type declaration, tags), with the
   * listed type folded in the signature.
   *
   * @param {import('typedoc').DeclarationReflection} member
   */
  foldedDeclaration(member) {
    const name = /^[A-Z_$][\w$]*$/i.test(member.name) ? member.name : JSON.stringify(member.name);
    return JSX.createElement(
      JSX.Fragment,
      null,
      JSX.createElement(
        'div',
        { class: 'tsd-signature' },
        JSX.createElement('span', { class: ReflectionKind.classString(member.kind) }, name),
        JSX.createElement('span', { class: 'tsd-signature-symbol' }, member.flags.isOptional ? '?:' : ':'),
        ' ',
        FOLDED,
      ),
      this.commentSummary(member),
      this.typeDeclaration(member, member.type),
      this.commentTags(member),
      this.memberSources(member),
    );
  }
}

class LeanTheme extends DefaultTheme {
  ContextClass = LeanContext;
}

/** Neighbouring punctuation of a signature, each in a span of its own, and the breaks and indents between. */
const SYMBOLS =
  /<span class="tsd-signature-symbol">[^<]*<\/span>(?:(?:<br\/>)?[ \u00a0\n]*<span class="tsd-signature-symbol">[^<]*<\/span>)+/g;
const SYMBOL_TAGS = /<span class="tsd-signature-symbol">|<\/span>/g;

/**
 * typedoc wraps each bracket, colon and semicolon of a signature in a span of its own, a fifth of
 * the page of `operations`: neighbouring ones share one span, which shows the same.
 *
 * @param {string} html
 */
const joinSymbols = (html) =>
  html.replace(SYMBOLS, (run) => `<span class="tsd-signature-symbol">${run.replace(SYMBOL_TAGS, '')}</span>`);

/**
 * Defines the theme `voucherkit` (typedoc.json `theme`).
 *
 * @param {import('typedoc').Application} app
 */
export const defineLeanTheme = (app) => {
  app.renderer.defineTheme('voucherkit', LeanTheme);
  app.renderer.on(PageEvent.END, (page) => {
    if (page.contents !== undefined) page.contents = joinSymbols(page.contents);
  });
};
