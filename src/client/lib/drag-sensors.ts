import {
  KeyboardSensor,
  MeasuringStrategy,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { TIMINGS } from '../../shared/constants';

/** The list is one column: a row only ever moves up or down. */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** Re-measure the rows while dragging, at most every 25 ms (spec section 9). */
export const dragMeasuring = {
  droppable: { strategy: MeasuringStrategy.WhileDragging, frequency: TIMINGS.dragMeasureTimeoutMs },
};

/**
 * Pointer (after a few pixels, so a click on the handle is not a drag) and keyboard. While a row is
 * picked up (Space or Enter on its handle), each arrow press moves it exactly one place: dnd-kit's
 * sortable coordinates carry it onto the next row, whatever the rows measure (issue 42, decision
 * 0590; spec section 9's fixed 25 px step took one press or two, by the row's height).
 */
export function useDragSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}
