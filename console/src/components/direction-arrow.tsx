// An arrow that means a way through the console (back, onward), pointing the way the page's language reads: arrows are
// not mirrored by the text's direction as brackets and ‹ › are, so a right-to-left page flips them itself.
export function DirectionArrow({ to }: { to: 'back' | 'onward' }) {
  return (
    <span aria-hidden className="inline-block rtl:-scale-x-100">
      {to === 'back' ? '←' : '→'}
    </span>
  );
}
