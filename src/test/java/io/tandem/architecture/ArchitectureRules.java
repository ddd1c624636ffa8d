package io.tandem.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Arrays;
import java.util.Set;

/**
 * The feature and layer rules, for the classes under a root package: {@code io.tandem} in {@link ArchitectureTest},
 * a deliberately bad fixture in {@link ArchitectureRulesTest}. Features are the packages right under the root;
 * {@code common} is the shared kernel, {@code cli} the command-line client (with its generated {@code client}).
 */
final class ArchitectureRules {

  /**
   * What domain code must not speak: JSON, Kubernetes, Git and Helm libraries (and the native bridge under Helm's),
   * servlets, Spring web and our web layer.
   */
  static final String[] WEB_AND_LIBRARY_PACKAGES = {
      "com.fasterxml.jackson..", "tools.jackson..", "io.fabric8..", "org.eclipse.jgit..", "com.marcnuri.helm..",
      "com.sun.jna..", "jakarta.servlet..", "org.springframework.web..", "org.springframework.http.."};

  /**
   * The layers of a feature that adapt it to a technology: its database, a cluster, a worker's connection, Git, Helm,
   * kubectl, HTTP filters. Another feature reaches a feature through its {@code domain} (or, from an {@code api}, its
   * {@code api}), never through these.
   */
  static final Set<String> ADAPTERS = Set.of("persistence", "cluster", "remote", "jgit", "helm", "kubectl", "web");

  private ArchitectureRules() {}

  /**
   * A feature uses another's domain ports and types, never its adapters: the adapter is the owner's choice, and
   * reaching into it couples a feature to another's tables or clients. The worker beside a cluster ({@code agent}) and
   * the sandbox are the exceptions for the cluster adapter: the agent runs it, and the sandbox is a cluster; and a
   * store's {@code persistence} may use {@code query.persistence}, which translates a checked where expression into
   * SQL over the columns the store names.
   */
  static ArchRule featuresUseNoOtherFeaturesAdapters(String root) {
    return classes().that().resideInAPackage(root + "..")
        .should(new ArchCondition<JavaClass>("use no adapter of another feature") {
          @Override
          public void check(JavaClass item, ConditionEvents events) {
            for (Dependency dependency : item.getDirectDependenciesFromSelf()) {
              JavaClass target = dependency.getTargetClass();
              if (reachesIntoAdapter(root, item, target)) {
                events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
              }
            }
          }
        })
        .because("another feature's adapters (persistence, cluster, remote, jgit, helm, kubectl, web) are its own"
            + " business; use its domain");
  }

  private static boolean reachesIntoAdapter(String root, JavaClass from, JavaClass to) {
    String[] source = featureAndLayer(root, from.getPackageName());
    String[] target = featureAndLayer(root, to.getPackageName());
    if (source == null || target == null || source[0].equals(target[0]) || "common".equals(target[0])
        || !ADAPTERS.contains(target[1])) {
      return false;
    }
    boolean runsTheClusterAdapter = Set.of("agent", "sandbox").contains(source[0])
        && "targets".equals(target[0]) && "cluster".equals(target[1]);
    // the where language's translation to SQL, which each store that filters runs over columns of its own
    boolean translatesAWhere = "persistence".equals(source[1]) && "query".equals(target[0])
        && "persistence".equals(target[1]);
    return !runsTheClusterAdapter && !translatesAWhere;
  }

  /** {@code [feature, layer]} of a package under {@code root}, the layer empty at a feature's top; else null. */
  private static String[] featureAndLayer(String root, String packageName) {
    if (!packageName.startsWith(root + ".")) {
      return null;
    }
    String[] parts = packageName.substring(root.length() + 1).split("\\.");
    return new String[] {parts[0], parts.length > 1 ? parts[1] : ""};
  }

  static ArchRule featuresAreFreeOfCycles(String root) {
    return slices().matching(root + ".(*)..").namingSlices("$1").should().beFreeOfCycles()
        .because("a feature that needs a higher one calls it through a port it owns, which the higher one implements");
  }

  static ArchRule commonDependsOnNoFeature(String root) {
    return noClasses().that().resideInAPackage(root + ".common..")
        .should().dependOnClassesThat(resideInAPackage(root + "..").and(not(resideInAPackage(root + ".common.."))))
        .because("common is the shared kernel every feature may use");
  }

  static ArchRule cliDependsOnNoServerFeature(String root) {
    return noClasses().that().resideInAPackage(root + ".cli..")
        .should().dependOnClassesThat(resideInAPackage(root + "..")
            .and(not(resideInAnyPackage(root + ".cli..", root + ".client..", root + ".common.."))))
        .because("the command line talks to the server over HTTP, through the generated client");
  }

  /**
   * The command line ships in a jar of its own with only these libraries on its class path (target/cli/lib), so it
   * may use nothing else: not even {@code common}, which would drag the server's libraries in.
   */
  static ArchRule cliUsesOnlyTheClientAndItsLibraries(String root) {
    return classes().that().resideInAPackage(root + ".cli..")
        .should().onlyDependOnClassesThat().resideInAnyPackage(root + ".cli..", root + ".client..", "picocli..",
            "tools.jackson..", "com.fasterxml.jackson.annotation..", "org.yaml.snakeyaml..", "java..", "javax.net..",
            "jakarta.annotation..")
        .because("the command line's jar holds only io.tandem.cli and io.tandem.client, and target/cli/lib only"
            + " picocli, Jackson, SnakeYAML and the annotations the client needs");
  }

  /** The worker beside a cluster ({@code tandem worker run}) has no database: it asks the server for everything. */
  static ArchRule agentNeedsNoDatabase(String root) {
    return noClasses().that().resideInAPackage(root + ".agent..")
        .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..", "jakarta.persistence..",
            "org.springframework.jdbc..", "org.springframework.data..", "org.springframework.orm..", "org.hibernate..",
            "org.flywaydb..", root + "..persistence..")
        .because("a worker runs beside its cluster, far from the server's database, and speaks only HTTP to the server");
  }

  /**
   * The Kubernetes client is spoken in one place, the cluster adapter {@code targets.cluster}, behind ports that speak
   * domain types ({@code targets.domain.ClusterClient}, {@code ClusterWatches}, {@code function.domain.KindSchemas}).
   * The sandbox is exempt because it is a cluster itself: its mock engine is built on fabric8's mock API server.
   */
  static ArchRule onlyTheClusterAdapterSpeaksKubernetes(String root) {
    return noClasses().that().resideInAPackage(root + "..")
        .and().resideOutsideOfPackages(root + ".targets.cluster..", root + ".sandbox..")
        .should().dependOnClassesThat().resideInAPackage("io.fabric8..")
        .because("what touches a cluster sits in targets.cluster, behind ports in domain types; the sandbox is a"
            + " cluster (its mock engine is fabric8's mock API server)");
  }

  static ArchRule liveGoesThroughTheClusterPorts(String root) {
    return noClasses().that().resideInAPackage(root + ".live..")
        .should().dependOnClassesThat().resideInAPackage(root + ".targets.cluster..")
        .because("live watches and reads clusters through the ports of targets.domain (ClusterWatches, ClusterClient,"
            + " ClusterSession), never through the adapter's classes");
  }

  static ArchRule apiDoesNotReachIntoPersistence(String root) {
    return noClasses().that().resideInAPackage(root + "..api..")
        .should().dependOnClassesThat().resideInAPackage(root + "..persistence..")
        .because("controllers go through the domain, which owns the store ports");
  }

  /**
   * A domain owns its store ports and hands them domain types (a checked {@code Where}, not SQL); the persistence
   * layer implements them. So no domain class names a persistence class, of its own feature or another's, the shared
   * where translator ({@code query.persistence}) included.
   */
  static ArchRule domainDoesNotReachIntoPersistence(String root) {
    return noClasses().that().resideInAPackage(root + "..domain..")
        .should().dependOnClassesThat().resideInAPackage(root + "..persistence..")
        .because("domain code speaks domain types to its store ports; SQL is written only in persistence");
  }

  static ArchRule domainSpeaksDomainTypes(String root) {
    String[] forbidden = Arrays.copyOf(WEB_AND_LIBRARY_PACKAGES, WEB_AND_LIBRARY_PACKAGES.length + 1);
    forbidden[forbidden.length - 1] = root + ".common.web..";
    return noClasses().that().resideInAPackage(root + "..domain..")
        .should().dependOnClassesThat().resideInAnyPackage(forbidden)
        .because("domain code speaks domain types; the api and persistence layers translate");
  }
}
