import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EQUIPMENT_CATEGORIES, equipmentCategoryColor } from '../../../shared/constants';
import {
  EQUIPMENT_DESCRIPTION_MAX,
  EQUIPMENT_NAME_MAX,
  type EquipmentDetail,
  updateEquipmentBodySchema,
} from '../../../shared/schemas/tracks';
import { FieldError } from '../../components/field-error';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/utils';
import { type EquipmentChanges, useEquipmentCategories, useUpdateEquipment } from './use-equipment-page';

type FormInput = z.input<typeof updateEquipmentBodySchema>;

function CategoryDot({ category }: { category: string }) {
  return (
    <span
      aria-hidden
      className="inline-block size-2.5 shrink-0 rounded-full"
      style={{ backgroundColor: equipmentCategoryColor(category) }}
    />
  );
}

/**
 * Edit mode of the equipment page (spec section 2; decision 0015): name, category (the 33 served by
 * GET /api/equipment/categories) and description, checked with the server's schema, Save and Cancel.
 */
export function EquipmentEditForm({
  equipment,
  onDone,
  className,
}: {
  equipment: EquipmentDetail;
  onDone: () => void;
  className?: string;
}) {
  const ids = useId();
  const update = useUpdateEquipment(equipment.id);
  const categories = useEquipmentCategories(true);
  // Until the list arrives the current category is the only choice; if it fails, the shared list.
  const options = categories.data ?? (categories.isError ? [...EQUIPMENT_CATEGORIES] : [equipment.category]);
  const form = useForm<FormInput, unknown, EquipmentChanges>({
    resolver: zodResolver(updateEquipmentBodySchema),
    defaultValues: {
      name: equipment.name,
      category: equipment.category as FormInput['category'],
      description: equipment.description ?? '',
    },
  });
  const { errors } = form.formState;

  const onValid = (changes: EquipmentChanges) => update.mutate(changes, { onSuccess: onDone });

  return (
    <form
      aria-label="Edit equipment"
      noValidate
      onSubmit={form.handleSubmit(onValid)}
      className={cn('grid gap-5 rounded-2xl border border-border bg-card p-6', className)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${ids}-name`}>Name</Label>
          <Input
            id={`${ids}-name`}
            maxLength={EQUIPMENT_NAME_MAX}
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={`${ids}-name-error`}
            {...form.register('name')}
          />
          <FieldError id={`${ids}-name-error`} message={errors.name?.message} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${ids}-category`}>Category</Label>
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={`${ids}-category`} aria-label="Category" onBlur={field.onBlur}>
                  <SelectValue placeholder="Choose a category" />
                </SelectTrigger>
                <SelectContent>
                  {options.map((category) => (
                    <SelectItem key={category} value={category}>
                      <span className="flex items-center gap-2">
                        <CategoryDot category={category} />
                        {category}
                      </span>
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
          <FieldError id={`${ids}-category-error`} message={errors.category?.message} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-description`}>Description</Label>
        <Textarea
          id={`${ids}-description`}
          rows={4}
          maxLength={EQUIPMENT_DESCRIPTION_MAX}
          placeholder="What is it, and what is it good for?"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={`${ids}-description-error`}
          {...form.register('description')}
        />
        <FieldError id={`${ids}-description-error`} message={errors.description?.message} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" disabled={update.isPending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
