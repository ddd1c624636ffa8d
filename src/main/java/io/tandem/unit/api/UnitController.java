package io.tandem.unit.api;

import io.tandem.common.error.TandemException;
import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.common.web.Authors;
import io.tandem.common.web.ETags;
import io.tandem.security.domain.SecretAccess;
import io.tandem.unit.domain.ApplierChanges;
import io.tandem.unit.domain.Approval;
import io.tandem.unit.domain.GatesAndApprovals;
import io.tandem.unit.domain.NewUnit;
import io.tandem.unit.domain.ReconcilePatch;
import io.tandem.unit.domain.ReconcileSettings;
import io.tandem.unit.domain.Revision;
import io.tandem.unit.domain.RevisionRef;
import io.tandem.unit.domain.Unit;
import io.tandem.unit.domain.UnitCloner;
import io.tandem.unit.domain.UnitCommands;
import io.tandem.unit.domain.UnitFilter;
import io.tandem.unit.domain.UnitPatch;
import io.tandem.unit.domain.UnitQueries;
import io.tandem.unit.domain.UnitView;
import io.tandem.unit.domain.UnitViewQueries;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.InvalidMimeTypeException;
import org.springframework.util.MimeTypeUtils;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

@RestController
class UnitController implements UnitsApi {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final MediaType YAML_UTF8 = new MediaType("application", "yaml", StandardCharsets.UTF_8);

  private final UnitCommands commands;
  private final UnitQueries units;
  private final UnitViewQueries views;
  private final GatesAndApprovals gates;
  private final UnitCloner cloner;
  private final SecretAccess secrets;
  private final ReconcileSettings reconcileSettings;
  private final ApplierChanges applierChanges;

  UnitController(UnitCommands commands, UnitQueries units, UnitViewQueries views, GatesAndApprovals gates, UnitCloner cloner,
      SecretAccess secrets, ReconcileSettings reconcileSettings, ApplierChanges applierChanges) {
    this.reconcileSettings = reconcileSettings;
    this.applierChanges = applierChanges;
    this.commands = commands;
    this.units = units;
    this.views = views;
    this.gates = gates;
    this.cloner = cloner;
    this.secrets = secrets;
  }

  @Override
  public ResponseEntity<UnitResponse> createUnit(String space, UnitRequests.Create request, Principal principal) {
    applierChanges.requireForNew(space, request.driftMode());
    Unit unit = request.upstream() != null ? cloneUnit(space, request, principal) :
        commands.create(
            space,
            new NewUnit(
                request.slug(),
                request.displayName(),
                request.data(),
                request.labels(),
                request.target(),
                request.driftMode(),
                request.changeDescription()),
            Authors.of(principal));
    return ResponseEntity.created(URI.create("/api/v1/spaces/" + space + "/units/" + unit.slug()))
        .eTag(ETags.of(unit.version()))
        .body(UnitResponse.from(views.view(unit), secrets.view(principal, space)));
  }

  @Override
  public ListResponse<UnitResponse> listUnits(
      String space, String where, String resourceType, String whereData, Integer limit, String cursor, String include,
      Principal principal) {
    if (include != null && !include.isEmpty() && !include.equals("data")) {
      throw TandemException.invalidArgument("Parameter 'include' accepts only 'data', not '" + include + "'.");
    }
    ListResponse<UnitView> page =
        units.list(space, PageRequest.of(limit, cursor), "data".equals(include), new UnitFilter(where, resourceType, whereData));
    UnaryOperator<String> view = secrets.view(principal, space);
    return new ListResponse<>(page.items().stream().map(unit -> UnitResponse.from(unit, view)).toList(), page.nextCursor());
  }

  @Override
  public ResponseEntity<UnitResponse> getUnit(String space, String unit, Principal principal) {
    return withETag(views.view(space, unit), principal);
  }

  @Override
  public ResponseEntity<UnitResponse> patchUnit(
      String space, String unit, String restore, boolean moveObjects, String confirm, String ifMatch, JsonNode patch,
      Principal principal) {
    Long expected = ETags.expectedVersion(ifMatch);
    String author = Authors.of(principal);
    UnitPatches.noteForAudit(restore, patch);
    if (restore != null) {
      return withETag(commands.restore(space, unit, RevisionRef.parse("restore", restore),
          UnitPatches.restoreDescription(patch), expected, author), principal);
    }
    ReconcilePatch reconciliation = UnitPatches.reconciliation(patch);
    UnitPatch changes = UnitPatches.patch(patch);
    applierChanges.requireFor(space, changes, reconciliation, moveObjects);
    UnitView changed = commands.patch(space, unit, changes, moveObjects, confirm, expected, author);
    if (!reconciliation.isEmpty()) {
      reconcileSettings.set(changed.unit(), reconciliation);
      return withETag(changed.unit(), principal);
    }
    return withETag(changed, principal);
  }

  @Override
  public ResponseEntity<Void> deleteUnit(String space, String unit, boolean force, String confirm, String ifMatch) {
    commands.delete(space, unit, force, confirm, ETags.expectedVersion(ifMatch));
    return ResponseEntity.noContent().build();
  }

  @Override
  public ResponseEntity<String> getUnitData(String space, String unit, String revision, String accept, Principal principal) {
    String data = secrets.view(principal, space).apply(units.data(space, unit, RevisionRef.parse("revision", revision)));
    if (prefersJson(accept)) {
      return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(JSON.writeValueAsString(data) + "\n");
    }
    return ResponseEntity.ok().contentType(YAML_UTF8).body(data);
  }

  /** Whether the caller's most preferred type is JSON; anything else (no Accept, {@code *}/{@code *}) gets YAML. */
  private static boolean prefersJson(String accept) {
    if (accept == null || accept.isBlank()) {
      return false;
    }
    try {
      List<MediaType> types = new ArrayList<>(MediaType.parseMediaTypes(accept));
      MimeTypeUtils.sortBySpecificity(types);
      types.sort(Comparator.comparingDouble(MediaType::getQualityValue).reversed());
      return !types.isEmpty() && types.get(0).isCompatibleWith(MediaType.APPLICATION_JSON) && !types.get(0).isWildcardType();
    } catch (InvalidMimeTypeException e) {
      return false;
    }
  }

  @Override
  public ResponseEntity<UnitResponse> putUnitData(
      String space, String unit, String changeDescription, String ifMatch, String body, String contentType,
      Principal principal) {
    String data = body;
    // As application/json, generated clients send the text as it is; others send it as a JSON string.
    if (body != null && contentType != null && body.stripLeading().startsWith("\"")
        && MediaType.parseMediaType(contentType).isCompatibleWith(MediaType.APPLICATION_JSON)) {
      try {
        data = JSON.readValue(body, String.class);
      } catch (JacksonException e) {
        throw TandemException.validation("The body is neither YAML nor the YAML text as one JSON string.");
      }
    }
    return withETag(
        commands.putData(
            space,
            unit,
            data == null ? "" : data,
            changeDescription,
            ETags.expectedVersion(ifMatch),
            Authors.of(principal)),
        principal);
  }

  @Override
  public ListResponse<RevisionResponse> listRevisions(String space, String unit, Integer limit, String cursor) {
    ListResponse<Revision> page = units.revisions(space, unit, PageRequest.of(limit, cursor));
    return new ListResponse<>(page.items().stream().map(RevisionResponse::from).toList(), page.nextCursor());
  }

  @Override
  public RevisionResponse getRevision(String space, String unit, String revision, Principal principal) {
    return RevisionResponse.from(units.revision(space, unit, RevisionRef.parse("revision", revision)), secrets.view(principal, space));
  }

  @Override
  public DiffResponse diffUnit(String space, String unit, String from, String to, Principal principal) {
    return DiffResponse.from(units.diff(space, unit, from, to, secrets.view(principal, space)));
  }

  private Unit cloneUnit(String space, UnitRequests.Create request, Principal principal) {
    if (request.data() != null) {
      throw TandemException.validation("Give either 'data' or 'upstream': a clone starts with its upstream's data.");
    }
    return cloner.clone(space, new UnitCloner.NewClone(request.slug(), request.upstream().space(),
        request.upstream().unit(), request.displayName(), request.labels(), request.target(), request.driftMode(),
        request.changeDescription()), Authors.of(principal));
  }

  private ResponseEntity<UnitResponse> withETag(Unit unit, Principal principal) {
    return withETag(views.view(unit), principal);
  }

  private ResponseEntity<UnitResponse> withETag(UnitView view, Principal principal) {
    return ResponseEntity.ok().eTag(ETags.of(view.unit().version()))
        .body(UnitResponse.from(view, secrets.view(principal, view.unit().space())));
  }

  @Override
  public ApprovalResponse approveUnit(String space, String unit, String revision, Principal principal) {
    Approval approval = gates.approve(space, unit, RevisionRef.parse("revision", revision), Authors.of(principal));
    return new ApprovalResponse(unit, approval.revisionNum(), approval.approvedBy(), approval.requiredApprovals());
  }
}
