import { ExternalLink, Link2 } from 'lucide-react';
import { useId } from 'react';
import { SOCIAL_LINK_TYPES, type SocialLinkType } from '../../../shared/constants';
import { normaliseSocialLink, SOCIAL_SERVICES } from '../../../shared/social-links';
import { FieldError } from '../../components/field-error';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import type { ProfileForm } from './basic-info-section';
import { SectionEditor, useSectionEditor } from './section-editor';

const FIELDS = ['socialLinks'] as const;

/** A person's links as pills that open the service in a new tab (profile and public profile). */
export function SocialLinkList({ links }: { links: Partial<Record<SocialLinkType, string | null>> }) {
  const set = SOCIAL_LINK_TYPES.filter((type) => links[type]?.trim());
  if (set.length === 0) return null;
  return (
    <ul aria-label="Social links" className="flex flex-wrap gap-2">
      {set.map((type) => (
        <li key={type}>
          <a
            href={links[type] ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-full border border-border bg-secondary/60 px-3 py-1 text-xs font-medium transition-colors hover:border-primary hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {SOCIAL_SERVICES[type].label}
            <ExternalLink className="size-3" aria-hidden />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Social Links' (spec sections 2 and 3): one https address per service, typed as a handle or an
 * address. Each is normalised and checked here with the server's own rules (normaliseSocialLink,
 * through the shared schema) and its message shown under the field; an empty field means no link,
 * and saving it empty removes that link (decisions 0024, 0111, 0575).
 */
export function SocialLinksSection({ form }: { form: ProfileForm }) {
  const editor = useSectionEditor(form, FIELDS);
  // A confirmed link shows as it will be saved, by the server's own function: '@you' or
  // 'instagram.com/you' becomes https://www.instagram.com/you in the field and in the list's link
  // (decision 0575). A link it refuses is left as typed, with the message under it.
  const section = {
    ...editor,
    confirm: async () => {
      const typed = form.getValues('socialLinks') ?? {};
      for (const type of SOCIAL_LINK_TYPES) {
        const value = typed[type]?.trim();
        const link = value ? normaliseSocialLink(type, value) : undefined;
        if (link?.ok) form.setValue(`socialLinks.${type}`, link.url, { shouldDirty: true });
      }
      await editor.confirm();
    },
  };
  const ids = useId();
  const links = form.watch('socialLinks') ?? {};
  const errors = form.formState.errors.socialLinks as
    | Partial<Record<SocialLinkType, { message?: string }>>
    | undefined;

  return (
    <SectionEditor
      title="Social Links"
      description="Where else people can find your music"
      icon={Link2}
      section={section}
    >
      {section.editing ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_LINK_TYPES.map((type) => {
            const id = `${ids}-${type}`;
            const message = errors?.[type]?.message;
            return (
              <div key={type} className="grid content-start gap-2">
                <Label htmlFor={id}>{SOCIAL_SERVICES[type].label}</Label>
                <Input
                  id={id}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder={SOCIAL_SERVICES[type].example}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={`${id}-error`}
                  {...form.register(`socialLinks.${type}`)}
                />
                <FieldError id={`${id}-error`} message={message} />
              </div>
            );
          })}
        </div>
      ) : SOCIAL_LINK_TYPES.some((type) => links[type]?.trim()) ? (
        <SocialLinkList links={links} />
      ) : (
        <p className="text-sm text-muted-foreground italic">No links yet</p>
      )}
    </SectionEditor>
  );
}
