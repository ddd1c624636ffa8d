package io.tandem.apply.domain;

import io.tandem.action.domain.UnitAction;
import io.tandem.unit.domain.RevisionRef;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCommands;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Undo of a unit's last change: a restore of the revision before head and the apply of that restore, both or neither.
 * An apply that is refused (gated, no target, a grant that does not cover it) leaves no restore behind.
 */
@Service
public class Undo {

  /** The revision the restore made and the apply queued for it. */
  public record Undone(int revisionNum, UnitAction apply) {}

  private final UnitCommands commands;
  private final ActionService actions;

  Undo(UnitCommands commands, ActionService actions) {
    this.commands = commands;
    this.actions = actions;
  }

  /**
   * Restores the revision before the unit's head and queues its apply.
   *
   * @param expectedVersion the unit's version the undo was asked at: a unit changed since is not undone ({@code null}:
   *     whatever its version)
   * @throws io.tandem.common.error.TandemException as the restore or the apply would, having changed nothing
   */
  @Transactional
  public Undone undo(String space, String slug, Long expectedVersion, String author) {
    Unit restored = commands.restore(space, slug, RevisionRef.parse("revision", "-1"), null, expectedVersion, author).unit();
    UnitAction apply = actions.apply(space, slug, RevisionRef.parse("revision", "head"), null);
    return new Undone(restored.headRevisionNum(), apply);
  }
}
