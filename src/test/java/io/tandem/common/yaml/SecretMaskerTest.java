package io.tandem.common.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SecretMaskerTest {

  static final String UNIT = """
      # the database password
      apiVersion: v1
      kind: Secret
      metadata:
        name: db
      type: Opaque
      data:
        password: c2VjcmV0  # base64
      stringData:
        user: admin
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
      data:
        mode: fast
      """;

  @Test
  void secretValuesAreMaskedAndEverythingElseStaysAsWritten() {
    assertThat(SecretMasker.mask(UNIT)).isEqualTo(UNIT.replace("c2VjcmV0", "'***'").replace("user: admin", "user: '***'"));
  }

  @Test
  void aSecretWhoseKindIsSpelledWithAnEscapeIsMaskedAsTheParsedObjectSays() {
    for (String kind : List.of("\"Secr\\u0065t\"", "\"Secr\\x65t\"", "\"Sec\\\n  ret\"")) {
      String escaped = "apiVersion: v1\nkind: " + kind + "\nmetadata:\n  name: db\ndata:\n  password: c2VjcmV0\n";
      assertThat(ParsedContent.parse(escaped).get(0).kind()).isEqualTo("Secret");
      assertThat(SecretMasker.mask(escaped)).as(kind).doesNotContain("c2VjcmV0").contains("'***'");
    }
  }

  @Test
  void aMaskedValueWrittenBackOverAnEscapedKindKeepsTheStoredOneAndNothingElse() {
    String stored = "apiVersion: v1\nkind: \"Secr\\x65t\"\nmetadata:\n  name: db\ndata:\n  password: c2VjcmV0\n";
    String written = SecretMasker.mask(stored).replace("name: db", "name: db\n  labels: {tier: db}");
    String kept = SecretMasker.keepStored(written, stored);
    assertThat(kept).as(kept).contains("c2VjcmV0").contains("tier").doesNotContain("***");
  }

  @Test
  void textWithoutSecretsIsLeftAlone() {
    String configMap = UNIT.substring(UNIT.indexOf("apiVersion: v1\nkind: ConfigMap"));
    assertThat(SecretMasker.mask(configMap)).isSameAs(configMap);
    assertThat(SecretMasker.mask("")).isEmpty();
  }

  @Test
  void maskedValuesWrittenBackKeepTheStoredOnes() {
    String written = SecretMasker.mask(UNIT).replace("type: Opaque", "type: Opaque\nimmutable: true");

    String kept = SecretMasker.keepStored(written, UNIT);

    assertThat(kept).isEqualTo(UNIT.replace("type: Opaque", "type: Opaque\nimmutable: true")
        .replace("c2VjcmV0", "'c2VjcmV0'").replace("user: admin", "user: 'admin'")); // the mask's quotes stay
  }

  @Test
  void theMaskedTextWrittenBackAsItWasReadIsTheStoredText() {
    assertThat(SecretMasker.keepStored(SecretMasker.mask(UNIT), UNIT)).isSameAs(UNIT);
  }

  @Test
  void newValuesAndMaskedValuesWithoutAStoredOneAreWrittenAsGiven() {
    String written = SecretMasker.mask(UNIT).replace("password: '***'", "password: bmV3").replace("user: '***'", "user: '***'\n  role: '***'");

    String kept = SecretMasker.keepStored(written, UNIT);

    assertThat(kept).contains("password: bmV3").contains("user: 'admin'").contains("role: '***'");
    String renamed = SecretMasker.mask(UNIT).replace("name: db", "name: other");
    assertThat(SecretMasker.keepStored(renamed, UNIT)).isSameAs(renamed);
  }

  @Test
  void aConfigMapValueThatReadsLikeAMaskIsNotASecret() {
    String stored = UNIT.replace("mode: fast", "mode: slow");
    String written = UNIT.replace("mode: fast", "mode: '***'");

    assertThat(SecretMasker.keepStored(written, stored)).isSameAs(written);
  }
}
