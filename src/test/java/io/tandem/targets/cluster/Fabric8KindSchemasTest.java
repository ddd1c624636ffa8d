package io.tandem.targets.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.function.domain.SchemaType;
import io.tandem.function.domain.SchemaType.Fields;
import io.tandem.function.domain.SchemaType.ListOf;
import io.tandem.function.domain.SchemaType.MapOf;
import io.tandem.function.domain.SchemaType.Scalar;
import org.junit.jupiter.api.Test;

class Fabric8KindSchemasTest {

  final Fabric8KindSchemas schemas = new Fabric8KindSchemas();

  @Test
  void aBuiltInKindHasTheFieldsOfItsModelByTheirJsonNames() {
    Fields deployment = schemas.of("apps/v1/Deployment").orElseThrow();

    Fields spec = (Fields) deployment.fields().get("spec");
    assertThat(deployment.fields()).containsKeys("apiVersion", "kind", "metadata", "spec", "status")
        .doesNotContainKey("additionalProperties");
    assertThat(spec.fields().get("replicas")).isEqualTo(Scalar.INTEGER);
    assertThat(spec.fields().get("paused")).isEqualTo(Scalar.BOOLEAN);
  }

  @Test
  void listsMappingsQuantitiesAndIntOrStringsAreTypedAsTheModelSays() {
    Fields podSpec = (Fields) schemas.of("v1/Pod").orElseThrow().fields().get("spec");

    SchemaType containers = podSpec.fields().get("containers");
    assertThat(containers).isInstanceOf(ListOf.class);
    Fields container = (Fields) ((ListOf) containers).items();
    Fields resources = (Fields) container.fields().get("resources");
    assertThat(resources.fields().get("limits")).isEqualTo(new MapOf(Scalar.QUANTITY));
    Fields probe = (Fields) container.fields().get("readinessProbe");
    Fields httpGet = (Fields) probe.fields().get("httpGet");
    assertThat(httpGet.fields().get("port")).isEqualTo(Scalar.INT_OR_STRING);
    assertThat(httpGet.fields().get("path")).isEqualTo(Scalar.STRING);
  }

  @Test
  void aTypeThatContainsItselfIsResolvedWhenAskedFor() {
    Fields crd = schemas.of("apiextensions.k8s.io/v1/CustomResourceDefinition").orElseThrow();
    Fields version = (Fields) ((ListOf) ((Fields) crd.fields().get("spec")).fields().get("versions")).items();
    Fields props = (Fields) ((Fields) version.fields().get("schema")).fields().get("openAPIV3Schema");

    assertThat(((MapOf) props.fields().get("properties")).values()).isSameAs(props);
  }

  @Test
  void aCustomKindIsNotKnown() {
    assertThat(schemas.of("example.com/v1/Widget")).isEmpty();
  }
}
