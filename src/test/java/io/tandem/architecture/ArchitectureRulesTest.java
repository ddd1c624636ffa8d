package io.tandem.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Each rule of {@link ArchitectureRules} fails on a deliberately bad fixture; the cycle fixtures are the code's old cycles. */
class ArchitectureRulesTest {

  private static final String ROOT = "io.tandem.architecture.fixture";
  private static final String LAYERS = ROOT + ".layers";
  private static final JavaClasses FIXTURE = new ClassFileImporter().importPackages(ROOT);

  @Test
  void spaceAndSecurityUsingEachOtherFail() {
    assertThat(cycles("spacecycle")).containsExactly(Set.of("space", "security"));
  }

  @Test
  void unitVariantAndTargetUsingEachOtherFail() {
    assertThat(cycles("unitcycle")).containsExactlyInAnyOrder(Set.of("unit", "variant"), Set.of("unit", "variant", "targets"));
  }

  @Test
  void sandboxAndTargetUsingEachOtherFail() {
    assertThat(cycles("sandboxcycle")).containsExactly(Set.of("sandbox", "targets"));
  }

  @Test
  void anApiReachingIntoPersistenceFails() {
    assertThat(violations(ArchitectureRules.apiDoesNotReachIntoPersistence(LAYERS).evaluate(FIXTURE)))
        .singleElement().asString().contains("UnitController.store", "JdbcUnitStore");
  }

  @Test
  void domainCodeSpeakingJacksonFails() {
    assertThat(violations(ArchitectureRules.domainSpeaksDomainTypes(LAYERS).evaluate(FIXTURE)))
        .singleElement().asString().contains("UnitService.patch", "tools.jackson.databind.JsonNode");
  }

  @Test
  void domainCodeReachingIntoPersistenceFailsItsOwnFeaturesToo() {
    assertThat(violations(ArchitectureRules.domainDoesNotReachIntoPersistence(LAYERS).evaluate(FIXTURE)))
        .hasSize(2)
        .anySatisfy(violation -> assertThat(violation).contains("SpaceService.where", "query.persistence.WhereSql"))
        .anySatisfy(violation -> assertThat(violation).contains("Where.sql", "query.persistence.WhereSql"));
  }

  @Test
  void commonKnowingAFeatureFails() {
    assertThat(violations(ArchitectureRules.commonDependsOnNoFeature(LAYERS).evaluate(FIXTURE)))
        .singleElement().asString().contains("Texts.spaces", "SpaceService");
  }

  @Test
  void aCommandLineUsingAServerFeatureFails() {
    assertThat(violations(ArchitectureRules.cliDependsOnNoServerFeature(LAYERS).evaluate(FIXTURE)))
        .singleElement().asString().contains("TandemCommand.units", "UnitService");
  }

  @Test
  void aWorkerUsingTheDatabaseFails() {
    assertThat(violations(ArchitectureRules.agentNeedsNoDatabase(LAYERS).evaluate(FIXTURE)))
        .anySatisfy(violation -> assertThat(violation).contains("Agent.units", "JdbcUnitStore"))
        .anySatisfy(violation -> assertThat(violation).contains("Agent.units", "javax.sql.DataSource"));
  }

  @Test
  void aFeatureOutsideTheClusterAdapterSpeakingTheKubernetesClientFails() {
    assertThat(violations(ArchitectureRules.onlyTheClusterAdapterSpeaksKubernetes(LAYERS).evaluate(FIXTURE)))
        .isNotEmpty()
        .allSatisfy(violation -> assertThat(violation).contains("LiveWatches", "io.fabric8.kubernetes.client.Watch"))
        .noneSatisfy(violation -> assertThat(violation).containsAnyOf("ClusterWatcher", "MockCluster"));
  }

  @Test
  void liveUsingTheClusterAdapterFails() {
    assertThat(violations(ArchitectureRules.liveGoesThroughTheClusterPorts(LAYERS).evaluate(FIXTURE)))
        .singleElement().asString().contains("LiveWatches.watcher", "ClusterWatcher");
  }

  @Test
  void aFeatureUsingAnotherFeaturesAdapterFails() {
    assertThat(violations(ArchitectureRules.featuresUseNoOtherFeaturesAdapters(LAYERS).evaluate(FIXTURE)))
        .anySatisfy(violation -> assertThat(violation).contains("LiveWatches.watcher", "ClusterWatcher"))
        .anySatisfy(violation -> assertThat(violation).contains("Agent.units", "JdbcUnitStore"))
        .noneSatisfy(violation -> assertThat(violation).containsAnyOf("UnitController", "MockCluster"));
  }

  /** The exception for the where translator is a store's alone: another feature's domain may not use it. */
  @Test
  void onlyAStoresPersistenceMayUseTheWhereTranslator() {
    assertThat(violations(ArchitectureRules.featuresUseNoOtherFeaturesAdapters(LAYERS).evaluate(FIXTURE)))
        .anySatisfy(violation -> assertThat(violation).contains("SpaceService.where", "query.persistence.WhereSql"))
        .noneSatisfy(violation -> assertThat(violation).contains("JdbcUnitStore.where"));
  }

  private static List<String> violations(EvaluationResult result) {
    return result.getFailureReport().getDetails();
  }

  /** The slices of each cycle reported under the fixture root; a report starts "Cycle detected: a -> \n b -> \n a". */
  private static Set<Set<String>> cycles(String fixture) {
    EvaluationResult result = ArchitectureRules.featuresAreFreeOfCycles(ROOT + "." + fixture).evaluate(FIXTURE);
    return violations(result).stream()
        .map(detail -> detail.substring("Cycle detected: ".length(), detail.indexOf("\n  1.")))
        .map(cycle -> Arrays.stream(cycle.split("->")).map(String::strip).collect(Collectors.toSet()))
        .collect(Collectors.toSet());
  }
}
