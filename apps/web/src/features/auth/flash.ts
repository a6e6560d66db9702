/** Messages a page can hand to the next one through the router's location state. */
export const FLASH_KEYS = [
  'auth.flash.confirmationSent',
  'auth.flash.emailConfirmed',
  'auth.flash.passwordReset',
] as const;
export type FlashKey = (typeof FLASH_KEYS)[number];

export interface FlashState {
  flash: FlashKey;
}

export function flashState(flash: FlashKey): FlashState {
  return { flash };
}

export function readFlash(state: unknown): FlashKey | null {
  if (typeof state !== 'object' || state === null || !('flash' in state)) return null;
  const { flash } = state as { flash: unknown };
  return FLASH_KEYS.find((key) => key === flash) ?? null;
}
