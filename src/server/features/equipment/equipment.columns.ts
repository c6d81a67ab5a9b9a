import { equipmentTags } from '../../db/schema';

/** The equipment fields a track carries (chips, hover cards): the EquipmentTag reply shape. */
export const equipmentTagColumns = {
  id: equipmentTags.id,
  name: equipmentTags.name,
  description: equipmentTags.description,
  imageUrl: equipmentTags.imageUrl,
  category: equipmentTags.category,
};
