/**
 * Files being attached to one text box (compose or the message editor), as Zulip's web app does
 * it: at the cursor goes `[Uploading name…]()` while the file travels, replaced by `[name](url)`
 * when the server has it, or taken out again on cancel or failure (the reason shown in words).
 */
import type { Uploader } from '../lib/uploads';
import { uploadLink } from '../lib/uploads';

/** How the attachments reach the text they write into. */
export interface TextHost {
  text(): string;
  /** Where the cursor is (the end when unknown). */
  caret(): number;
  /** New text; `caret` where the cursor should go, or null to leave it be. */
  replace(text: string, caret: number | null): void;
}

export interface UploadRow {
  key: number;
  name: string;
  sent: number;
  total: number;
  cancel: () => void;
}

let nextKey = 1;

export class Attachments {
  rows = $state<UploadRow[]>([]);
  errors = $state<string[]>([]);

  constructor(
    private readonly uploader: () => Uploader | null | undefined,
    private readonly host: TextHost,
  ) {}

  get busy(): boolean {
    return this.rows.length > 0;
  }

  add(files: readonly File[]): void {
    const uploader = this.uploader();
    if (!uploader) return;
    this.errors = [];
    for (const file of files) this.#one(uploader, file);
  }

  dismissErrors(): void {
    this.errors = [];
  }

  #one(uploader: Uploader, file: File): void {
    const name = file.name || 'pasted-image.png';
    const placeholder = `[Uploading ${name}…]()`;
    this.#insert(placeholder);
    const key = nextKey++;
    const handle = uploader.upload(file, {
      onProgress: (sent, total) => {
        this.rows = this.rows.map((row) => (row.key === key ? { ...row, sent, total } : row));
      },
    });
    this.rows = [...this.rows, { key, name, sent: 0, total: file.size, cancel: handle.cancel }];
    handle.done
      .then((ref) => this.#swap(placeholder, uploadLink(ref)))
      .catch((error: unknown) => {
        this.#swap(placeholder, '');
        const code = (error as { code?: string }).code;
        if (code !== 'CANCELLED')
          this.errors = [...this.errors, error instanceof Error ? error.message : String(error)];
      })
      .finally(() => {
        this.rows = this.rows.filter((row) => row.key !== key);
      });
  }

  #insert(piece: string): void {
    const text = this.host.text();
    const at = Math.min(this.host.caret(), text.length);
    const before = text.slice(0, at);
    const after = text.slice(at);
    const lead = before === '' || /\s$/.test(before) ? '' : ' ';
    const inserted = `${lead}${piece}${/^\s/.test(after) ? '' : ' '}`;
    this.host.replace(before + inserted + after, at + inserted.length);
  }

  /** The placeholder becomes the link; if the user deleted it meanwhile, the link goes at the end. */
  #swap(placeholder: string, replacement: string): void {
    const text = this.host.text();
    const at = text.indexOf(placeholder);
    if (at >= 0) {
      const after = text.slice(at + placeholder.length);
      const rest = replacement === '' && after.startsWith(' ') ? after.slice(1) : after;
      this.host.replace(text.slice(0, at) + replacement + rest, null);
    } else if (replacement !== '') {
      this.host.replace(`${text}${text === '' || /\s$/.test(text) ? '' : ' '}${replacement}`, null);
    }
  }
}
