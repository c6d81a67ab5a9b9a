import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { SHARE_PASSWORD_MAX } from '../../../shared/schemas/shares';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

/**
 * A share link's password field with a Show/Hide switch (issue 45): the owner types one to send on,
 * the guest one they were sent, and both are easier to get right when they can see it.
 */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Input
        {...props}
        type={shown ? 'text' : 'password'}
        maxLength={SHARE_PASSWORD_MAX}
        spellCheck={false}
        autoCapitalize="off"
        className={`pr-11 ${className ?? ''}`}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-1/2 right-1 size-8 -translate-y-1/2 text-muted-foreground pointer-coarse:size-10"
        aria-label="Show password"
        aria-pressed={shown}
        title={shown ? 'Hide password' : 'Show password'}
        onClick={() => setShown(!shown)}
      >
        {shown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      </Button>
    </div>
  );
}
