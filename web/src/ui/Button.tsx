import type { ButtonHTMLAttributes, ReactNode } from 'react';

/**
 * A large button as the server's page draws it (`.prerender-button`, prerender.css): ghost (on the detail's dark
 * header), primary or danger; `loading` disables it and marks it busy.
 */
export function Button({
  kind = 'ghost',
  icon,
  loading = false,
  disabled,
  children,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  kind?: 'ghost' | 'primary' | 'danger';
  icon?: ReactNode;
  loading?: boolean;
}) {
  return (
    <button
      type="button"
      {...rest}
      className={`prerender-button is-${kind}${className ? ` ${className}` : ''}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {icon}
      <span>{children}</span>
    </button>
  );
}
