import { equipmentTags } from '../../db/schema';
import { imageUrlColumn } from '../../media/image-url';

/** The equipment fields a track carries (chips, hover cards): the EquipmentTag reply shape. */
export const equipmentTagColumns = {
  id: equipmentTags.id,
  name: equipmentTags.name,
  description: equipmentTags.description,
  imageUrl: imageUrlColumn(equipmentTags.imageKey),
  category: equipmentTags.category,
};
