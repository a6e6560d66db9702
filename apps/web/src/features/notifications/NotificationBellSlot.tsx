/**
 * Where the notification bell goes in the top navigation (spec 1 §2). The notifications issue
 * renders the bell here; until then the slot is empty.
 */
export function NotificationBellSlot() {
  return null;
}
