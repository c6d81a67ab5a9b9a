import {
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MeasuringStrategy,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { TIMINGS } from '../../shared/constants';

/**
 * Spec section 9: the keyboard moves a dragged row 25 px per arrow press. Rows are 48 px tall, so
 * one press carries a row's centre past its neighbour's and they swap.
 */
export const keyboardStep: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = TIMINGS.keyboardDragStepPx;
  switch (event.code) {
    case 'ArrowDown':
      event.preventDefault();
      return { ...currentCoordinates, y: currentCoordinates.y + step };
    case 'ArrowUp':
      event.preventDefault();
      return { ...currentCoordinates, y: currentCoordinates.y - step };
    default:
      return undefined;
  }
};

/** The list is one column: a row only ever moves up or down. */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** Re-measure the rows while dragging, at most every 25 ms (spec section 9). */
export const dragMeasuring = {
  droppable: { strategy: MeasuringStrategy.WhileDragging, frequency: TIMINGS.dragMeasureTimeoutMs },
};

/** Pointer (after a few pixels, so a click on the handle is not a drag) and keyboard. */
export function useDragSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardStep }),
  );
}
