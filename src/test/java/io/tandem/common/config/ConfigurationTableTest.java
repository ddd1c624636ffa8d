package io.tandem.common.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.readme.GeneratedSection;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The README's settings table is generated from the configuration records, so it cannot go stale: this test fails
 * when they differ, and {@code -Dgolden.update=true} rewrites the README's table.
 */
class ConfigurationTableTest {

  @Test
  void readmeTableMatchesTheConfigurationRecords() throws IOException {
    GeneratedSection.assertCurrent("configuration-table", ConfigurationTable.markdown(), "ConfigurationTableTest");
  }

  @Test
  void everySettingIsDescribed() {
    assertThat(ConfigurationTable.settings())
        .as("tandem.* settings (a record component without an @param in its record's Javadoc has no description)")
        .hasSizeGreaterThan(40)
        .allSatisfy(setting -> assertThat(setting.description()).as(setting.name()).isNotBlank());
  }
}
