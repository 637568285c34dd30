/*
 * Toasts shown by the outer app, outside react-admin: the login page has no react-admin (ADR 040), and a
 * toast raised just before the page moves between the login route and <Admin> (sign-in, logout) must stay
 * on screen across that move, as it did when the login page lived inside <Admin>.
 */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  /** Already translated. */
  message: string;
  type: ToastType;
}

type Listener = () => void;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows one toast, replacing the one on screen (react-admin's notifications behave the same). */
export function showToast(message: string, type: ToastType = 'info'): void {
  current = { id: nextId++, message, type };
  emit();
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): Toast | null {
  return current;
}
