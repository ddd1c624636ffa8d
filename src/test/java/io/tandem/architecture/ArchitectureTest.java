package io.tandem.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The production code holds to {@link ArchitectureRules}, every rule without exceptions. */
class ArchitectureTest {

  private static final String ROOT = "io.tandem";
  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages(ROOT);

  @Test
  void featuresDependOnEachOtherWithoutCycles() {
    ArchitectureRules.featuresAreFreeOfCycles(ROOT).check(CLASSES);
  }

  @Test
  void commonIsASharedKernelThatKnowsNoFeature() {
    ArchitectureRules.commonDependsOnNoFeature(ROOT).check(CLASSES);
  }

  @Test
  void theCommandLineUsesNoServerFeature() {
    ArchitectureRules.cliDependsOnNoServerFeature(ROOT).check(CLASSES);
  }

  @Test
  void theCommandLineNeedsOnlyTheClientPicocliJacksonAndSnakeYaml() {
    ArchitectureRules.cliUsesOnlyTheClientAndItsLibraries(ROOT).check(CLASSES);
  }

  @Test
  void theWorkerBesideAClusterUsesNoDatabase() {
    ArchitectureRules.agentNeedsNoDatabase(ROOT).check(CLASSES);
  }

  @Test
  void onlyTheClusterAdapterImportsTheKubernetesClient() {
    ArchitectureRules.onlyTheClusterAdapterSpeaksKubernetes(ROOT).check(CLASSES);
  }

  @Test
  void liveWatchesAndReadsClustersOnlyThroughPorts() {
    ArchitectureRules.liveGoesThroughTheClusterPorts(ROOT).check(CLASSES);
  }

  @Test
  void controllersNeverReachIntoPersistence() {
    ArchitectureRules.apiDoesNotReachIntoPersistence(ROOT).check(CLASSES);
  }

  @Test
  void domainCodeNeverReachesIntoPersistence() {
    ArchitectureRules.domainDoesNotReachIntoPersistence(ROOT).check(CLASSES);
  }

  @Test
  void domainCodeSpeaksDomainTypesOnly() {
    ArchitectureRules.domainSpeaksDomainTypes(ROOT).check(CLASSES);
  }

  @Test
  void featuresReachEachOtherThroughTheirDomainsNotTheirAdapters() {
    ArchitectureRules.featuresUseNoOtherFeaturesAdapters(ROOT).check(CLASSES);
  }
}
