import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { SOCIAL_LINK_TYPES } from '../../../shared/constants';
import { countOf, pluralWord } from '../../../shared/format';
import type { AuthUser } from '../../../shared/schemas/auth';
import type {
  ProfileFieldErrors,
  ProfileRefusal,
  profileFormSchema,
  UpdateProfileBody,
} from '../../../shared/schemas/users';
import { toast } from '../../components/ui/use-toast';
import { AUTH_USER_QUERY_KEY } from '../../entities/user/use-auth';
import { ApiError, apiRequest, errorMessage } from '../../lib/api-client';

/** Every cached public profile starts with this key: ['/api/public/users', userId]. */
export const PUBLIC_PROFILE_KEY = ['/api/public/users'] as const;

/** What the profile form holds: every field a string, so inputs stay controlled. */
export type ProfileFormInput = z.input<typeof profileFormSchema>;
/** What the shared schema makes of it as a section is confirmed: trimmed, links as saved. */
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

export function profileFormValues(user: AuthUser): ProfileFormInput {
  return {
    username: user.username ?? '',
    bio: user.bio ?? '',
    socialLinks: Object.fromEntries(SOCIAL_LINK_TYPES.map((type) => [type, user.socialLinks[type] ?? ''])),
  };
}

/** The public page shows name, about, links and avatar: a change there makes cached copies old. */
function forgetPublicProfiles(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: PUBLIC_PROFILE_KEY });
}

/** What a save did: the profile as saved, and why each refused field was refused (none: all saved). */
export interface ProfileSave {
  user: AuthUser;
  fieldErrors: ProfileFieldErrors;
}

/** A 422 of PATCH /api/user/profile: some fields refused, the others saved (decision 0575). */
function refusal(err: unknown): ProfileRefusal | undefined {
  if (!(err instanceof ApiError) || err.status !== 422) return undefined;
  const body = err.body as Partial<ProfileRefusal> | undefined;
  return body?.user && body.fieldErrors ? (body as ProfileRefusal) : undefined;
}

/**
 * PATCH /api/user/profile with what the form holds (profileBody). The server saves each valid
 * field; the reply's user replaces the cached one so every screen shows the new name at once, and
 * the refused fields come back with their messages.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProfileBody): Promise<ProfileSave> => {
      try {
        const user = (await (await apiRequest('PATCH', '/api/user/profile', body)).json()) as AuthUser;
        return { user, fieldErrors: {} };
      } catch (err) {
        const refused = refusal(err);
        if (!refused) throw err;
        return { user: refused.user, fieldErrors: refused.fieldErrors as ProfileFieldErrors };
      }
    },
    onSuccess: ({ user, fieldErrors }) => {
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, user);
      void forgetPublicProfiles(queryClient);
      const refused = Object.keys(fieldErrors).length;
      toast(
        refused
          ? {
              variant: 'destructive',
              title: 'Profile updated',
              description: `${countOf(refused, 'field was', 'fields were')} not saved: see the message beside ${pluralWord(refused, 'it', 'each')}.`,
            }
          : { title: 'Profile updated', description: 'Your profile has been saved.' },
      );
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Failed to update profile',
        // The server's reason, e.g. 'That username is already taken' (decision 0016).
        description: errorMessage(err, 'Please try again.'),
      }),
  });
}

/** POST /api/user/avatar (multipart `avatar`); the cached user gets the new image and timestamp. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return (await (await apiRequest('POST', '/api/user/avatar', form)).json()) as {
        avatarUrl: string;
        updatedAt: string;
      };
    },
    onSuccess: ({ avatarUrl, updatedAt }) => {
      queryClient.setQueryData<AuthUser | null>(AUTH_USER_QUERY_KEY, (user) =>
        user ? { ...user, avatarUrl, updatedAt } : user,
      );
      void forgetPublicProfiles(queryClient);
      toast({ title: 'Avatar updated', description: 'Your new picture is in place.' });
    },
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to upload avatar' }),
  });
}
