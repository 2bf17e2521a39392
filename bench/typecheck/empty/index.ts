// The baseline: the same compiler settings and @types/node, no library.
export {};
