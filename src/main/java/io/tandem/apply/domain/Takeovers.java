package io.tandem.apply.domain;

import io.tandem.common.access.AccessCheck;
import io.tandem.common.access.Role;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.ObjectKey;
import io.tandem.space.domain.Space;
import io.tandem.space.domain.SpaceService;
import io.tandem.targets.domain.Target;
import io.tandem.unit.domain.Unit;
import java.util.Collection;
import java.util.Map;
import org.springframework.stereotype.Service;

/**
 * Who may take objects over from another space's units: an apply with {@code takeOver} changes what that space runs,
 * so it needs what an apply there needs. The caller must be an applier in each space that owns one of the objects
 * today, and a space whose applies need approvals gives its objects up only to an apply of its own (an approval there
 * is of a revision there, which a takeover is not).
 */
@Service
class Takeovers {

  private final ObjectOwnership ownership;
  private final AccessCheck access;
  private final SpaceService spaces;

  Takeovers(ObjectOwnership ownership, AccessCheck access, SpaceService spaces) {
    this.ownership = ownership;
    this.access = access;
    this.spaces = spaces;
  }

  /**
   * @throws TandemException {@code forbidden} without {@code applier} in a space that owns one of {@code keys}; {@code
   *     apply-gated} when such a space needs approvals for its applies
   */
  void require(Target target, Unit unit, Collection<ObjectKey> keys) {
    Map<ObjectKey, ObjectOwner> owners = ownership.ownedByOthers(target, unit.id(), keys);
    owners.values().stream().map(ObjectOwner::space).distinct().filter(space -> !space.equals(unit.space()))
        .forEach(space -> {
          access.require(space, Role.applier);
          Space owner = spaces.get(space);
          if (owner.requiredApprovals() > 0) {
            throw new TandemException(ProblemCode.APPLY_GATED, "Objects on target '" + target.slug() + "' belong to"
                + " space '" + space + "', whose applies need " + owner.requiredApprovals() + " approval(s): "
                + ObjectOwnership.describe(owners) + ". They can be changed only by an approved apply there.");
          }
        });
  }
}
