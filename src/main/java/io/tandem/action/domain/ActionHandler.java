package io.tandem.action.domain;

/** Carries out one kind of action; features contribute handlers, the worker finds them. */
public interface ActionHandler {

  UnitAction.Kind kind();

  /** Runs the action; must not throw for failures it can describe (return a failed outcome instead). */
  UnitAction.Outcome run(UnitAction action);
}
