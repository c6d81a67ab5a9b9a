/** A form field's validation message, read out when it appears. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-400">
      {message}
    </p>
  );
}
