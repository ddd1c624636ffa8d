package io.tandem.target.domain;

import io.tandem.common.error.TandemException;
import java.util.List;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitService;
import io.tandem.worker.ActionHandler;
import io.tandem.worker.UnitAction;
import io.tandem.worker.UnitAction.Outcome;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The apply and destroy actions: what the worker runs for them. */
@Configuration(proxyBeanMethods = false)
class ApplyHandlers {

  @Bean
  ActionHandler applyHandler(UnitService units, TargetService targets, ClusterApplier applier, List<ApplyObserver> observers) {
    return new ActionHandler() {
      @Override
      public UnitAction.Kind kind() {
        return UnitAction.Kind.Apply;
      }

      @Override
      public Outcome run(UnitAction action) {
        Unit unit = units.get(action.space(), action.unit());
        String slug = unit.metadata().target();
        if (slug == null) {
          return Outcome.failed("ApplyFailed", "The unit has no target.");
        }
        int revision = action.revisionNum();
        units.recordApply(unit.id(), revision, null);
        TargetService.Connection connection;
        try {
          connection = targets.connect(slug);
        } catch (TandemException e) {
          return Outcome.failed("ApplyFailed", e.getMessage());
        }
        String previous = units.dataAt(unit, unit.liveRevisionNum());
        String data = units.dataAt(unit, revision);
        String namespace = connection.target().namespace();
        ClusterApplier.Report report;
        try (connection) {
          report = applier.apply(connection.client(), namespace, data, previous);
          if (report.succeeded()) {
            observers.forEach(observer -> observer.applied(unit, connection.client(), namespace, data));
          }
        }
        if (!report.succeeded()) {
          return Outcome.failed("ApplyFailed", "Revision " + revision + " on target '" + slug + "' failed at "
              + report.failedOn() + ": " + report.error() + ". Applied before that: " + report.applied() + ".");
        }
        units.recordApply(unit.id(), revision, revision);
        return Outcome.completed("ApplyCompleted", "Applied revision " + revision + " to target '" + slug + "': "
            + report.applied().size() + " object(s) applied" + (report.deleted().isEmpty() ? "" : ", pruned " + report.deleted())
            + (report.takenOver().isEmpty() ? "" : "; took over from other field managers: " + String.join(", ", report.takenOver()))
            + ".");
      }
    };
  }

  @Bean
  ActionHandler destroyHandler(UnitService units, TargetService targets, ClusterApplier applier, List<ApplyObserver> observers) {
    return new ActionHandler() {
      @Override
      public UnitAction.Kind kind() {
        return UnitAction.Kind.Destroy;
      }

      @Override
      public Outcome run(UnitAction action) {
        Unit unit = units.get(action.space(), action.unit());
        String slug = unit.metadata().target();
        if (slug == null) {
          return Outcome.failed("DestroyFailed", "The unit has no target.");
        }
        int live = unit.liveRevisionNum() > 0 ? unit.liveRevisionNum() : unit.lastAppliedRevisionNum();
        if (live == 0) {
          return Outcome.completed("DestroyCompleted", "Nothing of the unit was applied; nothing to delete.");
        }
        TargetService.Connection connection;
        try {
          connection = targets.connect(slug);
        } catch (TandemException e) {
          return Outcome.failed("DestroyFailed", e.getMessage());
        }
        ClusterApplier.Report report;
        try (connection) {
          report = applier.destroy(connection.client(), connection.target().namespace(), units.dataAt(unit, live));
        }
        if (!report.succeeded()) {
          return Outcome.failed("DestroyFailed", "Destroy on target '" + slug + "' failed at " + report.failedOn() + ": "
              + report.error() + ". Deleted before that: " + report.deleted() + ".");
        }
        units.recordDestroyed(unit.id());
        observers.forEach(observer -> observer.destroyed(unit));
        return Outcome.completed("DestroyCompleted", "Deleted " + report.deleted().size() + " object(s) from target '" + slug + "'.");
      }
    };
  }
}
