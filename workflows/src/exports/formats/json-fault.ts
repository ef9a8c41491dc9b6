// Where a JSON text first breaks, found as the text streams past a piece at a time, for files too large to hold
// whole: a strict reader (RFC 8259, as JSON.parse reads) that keeps only its nesting, and names the line and column
// (from 1, columns in UTF-16 units as the whole-text reader counts them) of the first character no JSON text may
// have there, or of the end where the text stops short; a string, number or literal that breaks is named by where it
// starts, as the whole-text reader names its tokens.

type State =
  | 'value'
  | 'firstValue'
  | 'firstKey'
  | 'key'
  | 'colon'
  | 'after'
  | 'done'
  | 'string'
  | 'escape'
  | 'hex'
  | 'literal'
  | 'minus'
  | 'zero'
  | 'integer'
  | 'point'
  | 'fraction'
  | 'exponent'
  | 'exponentSign'
  | 'exponentDigits';

export interface TextPosition {
  line: number;
  column: number;
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const escapes = new Set([...'"\\/bfnrt'].map((c) => c.charCodeAt(0)));
const literals: Record<string, string> = { t: 'true', f: 'false', n: 'null' };
/** Number states a number may end in. */
const numberEnds = new Set<State>(['zero', 'integer', 'fraction', 'exponentDigits']);
/** States inside a token: a fault there is named by where the token starts. */
const inToken = new Set<State>(['string', 'escape', 'hex', 'literal', 'minus', 'point', 'exponent', 'exponentSign']);
/** States of a string, number or literal being read. */
const tokenStates = new Set<State>([...inToken, ...numberEnds]);

export class JsonFaultFinder {
  private state: State = 'value';
  /** Open objects (true) and arrays (false). */
  private readonly open: boolean[] = [];
  private stringIsKey = false;
  private literal = '';
  private matched = 0;
  private hexLeft = 0;
  private line = 1;
  private column = 1;
  private found: TextPosition | null = null;
  private tokenStart: TextPosition = { line: 1, column: 1 };

  /** Reads the next piece of the text; false once the text has broken (the rest need not be read). */
  feed(text: string): boolean {
    if (this.found) return false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const before = this.state;
      if (!this.take(c)) {
        this.found = inToken.has(before) ? this.tokenStart : { line: this.line, column: this.column };
        return false;
      }
      if (!tokenStates.has(before) && tokenStates.has(this.state)) this.tokenStart = { line: this.line, column: this.column };
      if (c === 0x0a) {
        this.line += 1;
        this.column = 1;
      } else this.column += 1;
    }
    return true;
  }

  /** Where the text broke, or where it stopped short of a whole JSON value; null for a whole JSON text. */
  end(): TextPosition | null {
    if (this.found) return this.found;
    const whole = this.state === 'done' || (this.open.length === 0 && numberEnds.has(this.state));
    if (whole) return null;
    return inToken.has(this.state) ? this.tokenStart : { line: this.line, column: this.column };
  }

  /** Takes one UTF-16 unit; false where it cannot stand there. */
  private take(c: number): boolean {
    switch (this.state) {
      case 'string':
        if (c === 0x22) this.endString();
        else if (c === 0x5c) this.state = 'escape';
        else if (c < 0x20) return false;
        return true;
      case 'escape':
        if (c === 0x75) {
          this.state = 'hex';
          this.hexLeft = 4;
        } else if (escapes.has(c)) this.state = 'string';
        else return false;
        return true;
      case 'hex':
        if (!isHex(c)) return false;
        if (--this.hexLeft === 0) this.state = 'string';
        return true;
      case 'literal':
        if (c !== this.literal.charCodeAt(this.matched)) return false;
        if (++this.matched === this.literal.length) this.closeValue();
        return true;
      case 'minus':
        if (c === 0x30) this.state = 'zero';
        else if (isDigit(c)) this.state = 'integer';
        else return false;
        return true;
      case 'zero':
      case 'integer':
      case 'fraction':
      case 'exponentDigits':
        if (isDigit(c) && this.state !== 'zero') return true;
        if (c === 0x2e && (this.state === 'zero' || this.state === 'integer')) this.state = 'point';
        else if ((c === 0x65 || c === 0x45) && this.state !== 'exponentDigits') this.state = 'exponent';
        else {
          // The number ended before this character, which is read as what follows a value.
          this.closeValue();
          return this.take(c);
        }
        return true;
      case 'point':
        if (!isDigit(c)) return false;
        this.state = 'fraction';
        return true;
      case 'exponent':
        if (c === 0x2b || c === 0x2d) this.state = 'exponentSign';
        else if (isDigit(c)) this.state = 'exponentDigits';
        else return false;
        return true;
      case 'exponentSign':
        if (!isDigit(c)) return false;
        this.state = 'exponentDigits';
        return true;
    }
    if (isSpace(c)) return true;
    switch (this.state) {
      case 'firstValue':
        if (c === 0x5d) return this.close(false);
        return this.startValue(c);
      case 'value':
        return this.startValue(c);
      case 'firstKey':
        if (c === 0x7d) return this.close(true);
        return this.startKey(c);
      case 'key':
        return this.startKey(c);
      case 'colon':
        if (c !== 0x3a) return false;
        this.state = 'value';
        return true;
      case 'after': {
        const inObject = this.open[this.open.length - 1];
        if (c === 0x2c) this.state = inObject ? 'key' : 'value';
        else if (c === 0x7d || c === 0x5d) return this.close(c === 0x7d);
        else return false;
        return true;
      }
      default:
        // 'done': only spaces may follow the text's value.
        return false;
    }
  }

  private startValue(c: number): boolean {
    const literal = literals[String.fromCharCode(c)];
    if (c === 0x7b) {
      this.open.push(true);
      this.state = 'firstKey';
    } else if (c === 0x5b) {
      this.open.push(false);
      this.state = 'firstValue';
    } else if (c === 0x22) {
      this.state = 'string';
      this.stringIsKey = false;
    } else if (c === 0x2d) this.state = 'minus';
    else if (c === 0x30) this.state = 'zero';
    else if (isDigit(c)) this.state = 'integer';
    else if (literal) {
      this.state = 'literal';
      this.literal = literal;
      this.matched = 1;
    } else return false;
    return true;
  }

  private startKey(c: number): boolean {
    if (c !== 0x22) return false;
    this.state = 'string';
    this.stringIsKey = true;
    return true;
  }

  private endString(): void {
    if (this.stringIsKey) this.state = 'colon';
    else this.closeValue();
  }

  /** Closes the innermost container where it is of the kind the character closes. */
  private close(object: boolean): boolean {
    if (this.open.length === 0 || this.open[this.open.length - 1] !== object) return false;
    this.open.pop();
    this.closeValue();
    return true;
  }

  private closeValue(): void {
    this.state = this.open.length === 0 ? 'done' : 'after';
  }
}
