// mjml v5 ships no types; only what the letters service uses is declared.
declare module 'mjml' {
  export interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }

  export interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    minify?: boolean;
    beautify?: boolean;
    keepComments?: boolean;
    fonts?: Record<string, string>;
    ignoreIncludes?: boolean;
  }

  export interface MjmlResult {
    html: string;
    errors: MjmlError[];
  }

  export default function mjml2html(input: string, options?: MjmlOptions): Promise<MjmlResult>;
}
