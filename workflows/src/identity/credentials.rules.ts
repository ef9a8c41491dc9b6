// The seed's rules for accounts, passwords, phones and emails, with the message keys the client shows.
import { z } from 'zod';

export const passwordPattern = {
  min: 8,
  max: 14,
};

/** 8 to 14 characters, at least two of letters, digits, punctuation; no spaces and no Chinese characters. */
export function isValidPassword(value: string): boolean {
  if (value.length < passwordPattern.min || value.length > passwordPattern.max) return false;
  if (/\s/.test(value) || /[\u3400-\u9fff\uf900-\ufaff]/.test(value)) return false;
  const kinds = [/[A-Za-z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(value)).length;
  return kinds >= 2 && /^[\x21-\x7e]+$/.test(value);
}

export const mainlandMobile = /^1[3-9]\d{9}$/;
export const emailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export const isPhone = (value: string) => mainlandMobile.test(value);
export const isEmail = (value: string) => emailPattern.test(value);

export const passwordSchema = z.string({ error: 'identity.password_required' }).min(1, 'identity.password_required').refine(isValidPassword, 'identity.password_rule');
export const accountSchema = z.string({ error: 'identity.account_required' }).trim().min(1, 'identity.account_required').max(100, 'identity.account_format');

/** Country 44 registers by phone only; every other country by email only. */
export const phoneCountryId = 44;
