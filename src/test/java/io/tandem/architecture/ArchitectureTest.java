package io.tandem.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.freeze.FreezingArchRule;
import org.junit.jupiter.api.Test;

/**
 * The production code holds to {@link ArchitectureRules}. Domain code that still speaks web types (JSON merge patches,
 * ETags) is frozen in src/test/resources/archunit_store: a new violation fails, and the list only shrinks.
 */
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
  void controllersNeverReachIntoPersistence() {
    ArchitectureRules.apiDoesNotReachIntoPersistence(ROOT).check(CLASSES);
  }

  @Test
  void domainCodeGainsNoWebOrLibraryTypes() {
    FreezingArchRule.freeze(ArchitectureRules.domainSpeaksDomainTypes(ROOT)).check(CLASSES);
  }
}
