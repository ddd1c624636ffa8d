package io.tandem.common.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.patch.MergePatch;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class MergePatchesTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Set<String> FIELDS = Set.of("displayName", "labels", "target");
  private static final Map<String, String> CURRENT = Map.of("tier", "backend", "zone", "east");

  @Test
  void unknownFieldIsRejectedListingThePatchableOnes() {
    assertValidationFailed(() -> patch("{\"displayName\": \"x\", \"slug\": \"y\"}"))
        .hasMessageContaining("Field 'slug' cannot be patched")
        .hasMessageContaining("[displayName, labels, target]");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"[]", "\"text\"", "42", "true"})
  void bodyThatIsNotAnObjectIsRejected(String body) {
    assertValidationFailed(() -> patch(body)).hasMessageContaining("must be a JSON object");
  }

  @Test
  void absentBodyIsAnEmptyPatch() {
    assertThat(MergePatches.read(null, FIELDS).has("displayName")).isFalse();
    assertThat(patch("null").has("displayName")).isFalse();
    assertThat(MergePatches.read(null, FIELDS).mergeMap("labels", CURRENT)).isEqualTo(CURRENT);
  }

  @Test
  void hasTellsPresentFromAbsentFields() {
    MergePatch patch = patch("{\"displayName\": null}");

    assertThat(patch.has("displayName")).isTrue();
    assertThat(patch.has("target")).isFalse();
  }

  @Test
  void textReadsAStringOrNull() {
    MergePatch patch = patch("{\"displayName\": \"Payments API\", \"target\": null}");

    assertThat(patch.text("displayName")).isEqualTo("Payments API");
    assertThat(patch.text("target")).isNull();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"42", "true", "{}", "[\"x\"]"})
  void textOfANonStringIsRejected(String value) {
    MergePatch patch = patch("{\"displayName\": " + value + "}");

    assertValidationFailed(() -> patch.text("displayName")).hasMessage("Field 'displayName' must be a string.");
  }

  @Test
  void absentMapFieldKeepsTheCurrentMap() {
    assertThat(patch("{\"displayName\": \"x\"}").mergeMap("labels", CURRENT)).isEqualTo(CURRENT);
  }

  @Test
  void nullMapFieldClearsTheMap() {
    assertThat(patch("{\"labels\": null}").mergeMap("labels", CURRENT)).isEmpty();
  }

  @Test
  void mapFieldIsMergedKeyByKey() {
    MergePatch patch = patch("{\"labels\": {\"zone\": null, \"tier\": \"frontend\", \"team\": \"payments\"}}");

    assertThat(patch.mergeMap("labels", CURRENT))
        .containsExactlyInAnyOrderEntriesOf(Map.of("tier", "frontend", "team", "payments"));
  }

  @Test
  void removingAnAbsentKeyIsHarmless() {
    assertThat(patch("{\"labels\": {\"nope\": null}}").mergeMap("labels", CURRENT)).isEqualTo(CURRENT);
  }

  @Test
  void mergeDoesNotModifyTheCurrentMap() {
    Map<String, String> current = new HashMap<>(CURRENT);

    patch("{\"labels\": {\"zone\": null}}").mergeMap("labels", current);

    assertThat(current).isEqualTo(CURRENT);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"42", "true", "{}", "[\"x\"]"})
  void nonStringMapValueIsRejectedNamingTheKey(String value) {
    MergePatch patch = patch("{\"labels\": {\"tier\": " + value + "}}");

    assertValidationFailed(() -> patch.mergeMap("labels", CURRENT))
        .hasMessage("Field 'labels.tier' must be a string or null.");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"\"tier=backend\"", "42", "[\"tier\"]"})
  void mapFieldThatIsNotAnObjectIsRejected(String value) {
    MergePatch patch = patch("{\"labels\": " + value + "}");

    assertValidationFailed(() -> patch.mergeMap("labels", CURRENT))
        .hasMessage("Field 'labels' must be an object of strings.");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"1.0", "1.5", "\"3\"", "true", "9223372036854775808"})
  void integerOfAFractionAStringOrABeyondLongNumberIsRejected(String value) {
    MergePatch patch = MergePatches.read(JSON.readTree("{\"n\": " + value + "}"), Set.of("n"));

    assertValidationFailed(() -> patch.integer("n")).hasMessage("Field 'n' must be a whole number.");
  }

  @Test
  void integerReadsWholeNumbersUpToLongsRange() {
    MergePatch patch = MergePatches.read(JSON.readTree("{\"n\": 9223372036854775807, \"m\": 2}"), Set.of("n", "m"));

    assertThat(patch.integer("n")).isEqualTo(Long.MAX_VALUE);
    assertThat(patch.integer("m")).isEqualTo(2L);
  }

  @Test
  void textsReadsAListOfStringsAndRejectsAnythingElse() {
    Set<String> args = Set.of("args");

    assertThat(MergePatches.read(JSON.readTree("{\"args\": [\"a\", \"b\"]}"), args).texts("args")).containsExactly("a", "b");
    assertThat(MergePatches.read(JSON.readTree("{\"args\": null}"), args).texts("args")).isNull();
    assertValidationFailed(() -> MergePatches.read(JSON.readTree("{\"args\": [\"a\", 1]}"), args).texts("args"))
        .hasMessage("Field 'args' must be a list of strings.");
    assertValidationFailed(() -> MergePatches.read(JSON.readTree("{\"args\": \"a\"}"), args).texts("args"))
        .hasMessage("Field 'args' must be a list of strings.");
  }

  private static MergePatch patch(String json) {
    JsonNode body = JSON.readTree(json);
    return MergePatches.read(body, FIELDS);
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> assertValidationFailed(ThrowingCallable call) {
    return assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            TandemException.class, e -> assertThat(e.code()).isEqualTo(ProblemCode.VALIDATION_FAILED));
  }
}
