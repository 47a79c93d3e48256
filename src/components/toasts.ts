/**
 * Toasts (spec 002 §9 "Toast notifications: max 5 shown, default 3 s"): Mantine notifications,
 * limited and timed in providers.tsx from the domain constants. These helpers keep the look and
 * the wording of errors in one place.
 */
import { createElement, type ReactElement } from 'react';
import { notifications } from '@mantine/notifications';
import { isApiError, UNREACHABLE_MESSAGE } from '../api/http.ts';

/** The server's message of an API error; a thrown Error's message; else a generic sentence. */
export function errorMessageOf(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error && error.message !== '') return error.message;
  return UNREACHABLE_MESSAGE;
}

/** A toast's message: one line on screen (theme.ts), the whole text as its tooltip. */
function oneLine(text: string): ReactElement {
  return createElement('span', { title: text }, text);
}

export function showError(error: unknown, title?: string): void {
  showProblem(errorMessageOf(error), title);
}

/** A red toast with our own words (the title is short: one line in the lane, without a tooltip). */
export function showProblem(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message: oneLine(message) });
}

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message: oneLine(message) });
}
