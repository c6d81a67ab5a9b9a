import {
  KeyboardSensor,
  type KeyboardSensorProps,
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

/** The parts of dnd-kit's keyboard sensor that `attach` uses (private in its typings). */
interface KeyboardSensorInternals {
  props: KeyboardSensorProps;
  listeners: { add(name: string, handler: (event: Event) => void): void };
  windowListeners: { add(name: string, handler: (event: Event) => void): void };
  handleStart(): void;
  handleKeyDown(event: Event): void;
  handleCancel(event: Event): void;
}

/**
 * dnd-kit's keyboard sensor, listening for the next key from the moment a row is picked up. Stock,
 * it starts listening one task later (so the Space that picked the row up is not read as the drop);
 * on a busy page the browser runs a pending key press before that task, and an arrow pressed right
 * after "Picked up …" was lost: the row stayed put and never moved (CI's playlist story, decision
 * 0890). Here only the picking-up event itself is skipped.
 */
export class PromptKeyboardSensor extends KeyboardSensor {}

Object.defineProperty(PromptKeyboardSensor.prototype, 'attach', {
  value: function attach(this: KeyboardSensorInternals) {
    this.handleStart();
    this.windowListeners.add('resize', this.handleCancel);
    this.windowListeners.add('visibilitychange', this.handleCancel);
    const pickUp = this.props.event;
    this.listeners.add('keydown', (event) => {
      if (event !== pickUp) this.handleKeyDown(event);
    });
  },
});

/**
 * Pointer (after a few pixels, so a click on the handle is not a drag) and keyboard. While a row is
 * picked up (Space or Enter on its handle), each arrow press moves it exactly one place: dnd-kit's
 * sortable coordinates carry it onto the next row, whatever the rows measure (issue 42, decision
 * 0590; spec section 9's fixed 25 px step took one press or two, by the row's height).
 */
export function useDragSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(PromptKeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}
