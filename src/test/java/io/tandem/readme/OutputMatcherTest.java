package io.tandem.readme;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OutputMatcherTest {

  static final String UNIT = "{\"id\":\"ae87f701\",\"slug\":\"paymentservice\",\"labels\":{\"env\":\"prod\"},"
      + "\"version\":2,\"headRevisionNum\":2,\"applyGates\":[],\"message\":\"Applied revision 4 to target 'sandbox'.\"}";

  @Test
  void shownFieldsMatchInAnyOrderWithTheRestLeftOut() {
    assertThat(OutputMatcher.mismatch("{\"headRevisionNum\":2,…,\"slug\":\"paymentservice\"}", UNIT)).isEmpty();
  }

  @Test
  void aShownFieldWithAnotherValueIsAMismatchNamingItsPath() {
    assertThat(OutputMatcher.mismatch("{…,\"headRevisionNum\":3}", UNIT)).hasValueSatisfying(why ->
        assertThat(why).contains("$.headRevisionNum", "shows 3", "has 2"));
  }

  @Test
  void aShownFieldThatIsNotPrintedIsAMismatch() {
    assertThat(OutputMatcher.mismatch("{…,\"liveRevisionNum\":0}", UNIT)).hasValueSatisfying(why ->
        assertThat(why).contains("$.liveRevisionNum", "no such field"));
  }

  @Test
  void anObjectWithoutEllipsisShowsAllItsFields() {
    assertThat(OutputMatcher.mismatch("{\"id\":\"…\",\"slug\":\"paymentservice\"}", UNIT)).hasValueSatisfying(why ->
        assertThat(why).contains("$.labels", "printed but not shown"));
    assertThat(OutputMatcher.mismatch("{…,\"labels\":{\"env\":\"prod\"}}", UNIT)).isEmpty();
    assertThat(OutputMatcher.mismatch("{…,\"labels\":{}}", UNIT)).isPresent();
  }

  @Test
  void anEllipsisAsAValueOrWithinAStringStandsForAnyText() {
    assertThat(OutputMatcher.mismatch("{\"id\":\"…\",…,\"message\":\"Applied revision 4 …\"}", UNIT)).isEmpty();
    assertThat(OutputMatcher.mismatch("{\"id\":…,…,\"version\":\"…\"}", UNIT)).isEmpty();
    assertThat(OutputMatcher.mismatch("{…,\"message\":\"Applied revision 5 …\"}", UNIT)).isPresent();
  }

  @Test
  void withinAJsonStringTheEllipsisSpansLineBreaks() {
    assertThat(OutputMatcher.mismatch("{\"data\":\"kind: Deployment\\n…memory: 512Mi\\n…\"}",
        "{\"data\":\"kind: Deployment\\nspec:\\n  limits:\\n    memory: 512Mi\\n---\\n\"}")).isEmpty();
  }

  @Test
  void arraysMatchElementByElementAndEllipsisTakesAnyNumber() {
    String list = "{\"items\":[{\"num\":3},{\"num\":2},{\"num\":1}]}";
    assertThat(OutputMatcher.mismatch("{\"items\":[{\"num\":3},…]}", list)).isEmpty();
    assertThat(OutputMatcher.mismatch("{\"items\":[…,{\"num\":1}]}", list)).isEmpty();
    assertThat(OutputMatcher.mismatch("{\"items\":[{\"num\":3},{\"num\":2}]}", list)).isPresent();
    assertThat(OutputMatcher.mismatch("{\"items\":[…,{\"num\":4},…]}", list)).isPresent();
    assertThat(OutputMatcher.mismatch("{\"items\":[]}", "{\"items\":[]}")).isEmpty();
  }

  @Test
  void valuesPrintedOneAfterTheOtherAreComparedInTurn() {
    String two = UNIT + "{\"result\":\"ApplyCompleted\"}";
    assertThat(OutputMatcher.mismatch("{…,\"version\":2}\n{\"result\":\"ApplyCompleted\"}", two)).isEmpty();
    assertThat(OutputMatcher.mismatch("{…,\"version\":2}", two)).hasValueSatisfying(why ->
        assertThat(why).contains("shows 1 JSON value(s), the commands printed 2"));
  }

  @Test
  void anEllipsisBetweenValuesStandsForAnyNumberOfThem() {
    String three = UNIT + UNIT + "{\"result\":\"ApplyCompleted\"}";
    assertThat(OutputMatcher.mismatch("… {\"result\":\"ApplyCompleted\"}", three)).isEmpty();
    assertThat(OutputMatcher.mismatch("{…,\"version\":2} …", three)).isEmpty();
    assertThat(OutputMatcher.mismatch("… {\"result\":\"ApplyFailed\"}", three)).hasValueSatisfying(why ->
        assertThat(why).contains("not the ones shown"));
  }

  @Test
  void textIsComparedLineByLineWithEllipsisWithinALineAndForWholeLines() {
    String yaml = "# payment service\napiVersion: apps/v1\nkind: Deployment\n    limits:\n      memory: 128Mi   \n---\n";
    assertThat(OutputMatcher.mismatch("# payment service\n…\n    limits:\n      memory: 128Mi\n…", yaml)).isEmpty();
    assertThat(OutputMatcher.mismatch("apiVersion: apps/v1\n…", yaml)).as("anchored at the first line").isPresent();
    assertThat(OutputMatcher.mismatch("…\nkind: Deploy…\n…", yaml)).isEmpty();
    assertThat(OutputMatcher.mismatch("…\n      memory: 256Mi\n…", yaml)).hasValueSatisfying(why ->
        assertThat(why).contains("memory: 256Mi", "but it printed:", "memory: 128Mi"));
  }

  @Test
  void anEllipsisWithinALineDoesNotReachIntoTheNext() {
    assertThat(OutputMatcher.mismatch("deployment…updated", "deployment.apps/paymentservice\nresource updated")).isPresent();
    assertThat(OutputMatcher.mismatch("deployment…updated", "deployment.apps/paymentservice resource requirements updated"))
        .isEmpty();
  }

  @Test
  void jsonShownForTextThatIsNotJsonIsAMismatch() {
    assertThat(OutputMatcher.mismatch("{…,\"version\":2}", "curl: (7) Failed to connect to localhost port 8080")).isPresent();
  }

  @Test
  void nothingShownMeansNothingPrinted() {
    assertThat(OutputMatcher.mismatch("", "\n")).isEmpty();
    assertThat(OutputMatcher.mismatch("", "something")).isPresent();
  }

  @Test
  void aProblemIsFoundAmongPrintedValues() {
    String problem = "{\"type\":\"about:blank\",\"title\":\"Conflict\",\"status\":409,\"code\":\"already-exists\"}";
    assertThat(JsonExcerpt.problem(UNIT + problem)).isPresent();
    assertThat(JsonExcerpt.problem(UNIT)).isEmpty();
    assertThat(JsonExcerpt.problem("deployment.apps/paymentservice resource requirements updated")).isEmpty();
  }
}
