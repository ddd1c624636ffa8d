package io.tandem.link.domain;

import io.tandem.common.yaml.KubernetesResource;
import io.tandem.common.yaml.KubernetesYaml;
import io.tandem.common.yaml.ParsedContent;
import io.tandem.common.yaml.StructuralDiff;
import io.tandem.common.yaml.TextPatcher;
import io.tandem.common.yaml.Trees;
import io.tandem.function.builtin.Placeholders;
import io.tandem.unit.domain.Mutation;
import io.tandem.unit.domain.RevisionResolver;
import io.tandem.unit.domain.Unit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * Fills a placeholder namespace ({@code metadata.namespace: confighubplaceholder}) with the name of the Namespace a
 * linked unit provides. Nothing is filled when the providers offer no Namespace, or more than one.
 */
@Component
class LinkResolver implements RevisionResolver {

  private final LinkStore links;

  LinkResolver(LinkStore links) {
    this.links = links;
  }

  @Override
  @SuppressWarnings("unchecked")
  public Optional<Resolved> resolve(Unit unit, String data) {
    if (!data.contains(Placeholders.STRING)) {
      return Optional.empty();
    }
    String namespace = providedNamespace(unit);
    if (namespace == null) {
      return Optional.empty();
    }
    List<KubernetesResource> before = ParsedContent.parse(data);
    List<KubernetesResource> after = new ArrayList<>();
    boolean filled = false;
    for (KubernetesResource resource : before) {
      Map<String, Object> content = Trees.deepCopy(resource.content());
      Map<String, Object> metadata = (Map<String, Object>) content.get("metadata");
      if (Placeholders.STRING.equals(metadata.get("namespace"))) {
        metadata.put("namespace", namespace);
        filled = true;
      }
      after.add(KubernetesYaml.resource(content, resource.document()));
    }
    if (!filled) {
      return Optional.empty();
    }
    List<Mutation> mutations = new ArrayList<>();
    StructuralDiff.between(before, after).forEach(change -> mutations.add(Mutation.of(change, "link: namespace " + namespace)));
    return Optional.of(new Resolved(TextPatcher.patch(data, after), mutations));
  }

  private String providedNamespace(Unit unit) {
    Set<String> namespaces = new LinkedHashSet<>();
    for (String data : links.providerData(unit.id())) {
      for (KubernetesResource resource : ParsedContent.parse(data)) {
        if (resource.kind().equals("Namespace") && resource.apiVersion().equals("v1")) {
          namespaces.add(resource.name());
        }
      }
    }
    return namespaces.size() == 1 ? namespaces.iterator().next() : null;
  }
}
