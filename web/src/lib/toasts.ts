// The toast queue: a module store so the API client and any component can raise
// a message without prop drilling; the Toaster component renders it. Each toast
// closes itself after 5 seconds (spec §9) unless dismissed earlier.
import { useSyncExternalStore } from 'react';

export const toastTypes = ['default', 'info', 'success', 'warning', 'error'] as const;
export type ToastType = (typeof toastTypes)[number];

/** Spec §9: toasts close on their own after this many milliseconds. */
export const toastAutoCloseMs = 5000;

export type Toast = { id: number; type: ToastType; message: string };

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows `message` (already translated) and returns the toast id. */
export function showToast(message: string, type: ToastType = 'default'): number {
  const id = nextId++;
  publish([...toasts, { id, type, message }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), toastAutoCloseMs),
  );
  return id;
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (toasts.some((toast) => toast.id === id)) {
    publish(toasts.filter((toast) => toast.id !== id));
  }
}

export function dismissAllToasts(): void {
  for (const toast of toasts) dismissToast(toast.id);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
}
