package io.tandem.imports.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GitFoldersTest {

  static Map<String, byte[]> files(String... paths) {
    Map<String, byte[]> files = new LinkedHashMap<>();
    for (String path : paths) {
      files.put(path, ("# " + path + "\n").getBytes(StandardCharsets.UTF_8));
    }
    return files;
  }

  @Test
  void theOutermostChartOrKustomizeFolderTakesEveryFileUnderIt() {
    GitFolders.Plan plan = GitFolders.plan(files("charts/shop/Chart.yaml", "charts/shop/templates/a.yaml",
        "charts/shop/charts/cache/Chart.yaml", "overlays/prod/kustomization.yaml", "overlays/prod/patch.yaml",
        "overlays/prod/bundled/Chart.yaml", "plain/service.yaml", "README.md"), true);

    assertThat(plan.folders()).extracting(GitFolders.Folder::path, GitFolders.Folder::kind).containsExactly(
        org.assertj.core.groups.Tuple.tuple("charts/shop", GitFolders.Kind.chart),
        org.assertj.core.groups.Tuple.tuple("overlays/prod", GitFolders.Kind.kustomize));
    assertThat(plan.plain()).containsOnlyKeys("plain/service.yaml", "README.md");
    assertThat(plan.folders().get(0).files(files("charts/shop/Chart.yaml", "charts/shopping/x.yaml")))
        .containsOnlyKeys("Chart.yaml");
  }

  @Test
  void kustomizeFoldersThatCannotBeRenderedTakeNothingAndAreReported() {
    GitFolders.Plan plan = GitFolders.plan(files("apps/kustomization.yaml", "apps/web/deployment.yaml",
        "apps/web/chart/Chart.yaml", "apps/web/chart/templates/a.yaml"), false);

    assertThat(plan.unrendered()).extracting(GitFolders.Folder::marker).containsExactly("apps/kustomization.yaml");
    assertThat(plan.folders()).extracting(GitFolders.Folder::path).containsExactly("apps/web/chart");
    assertThat(plan.plain()).containsOnlyKeys("apps/web/deployment.yaml");
  }

  @Test
  void aChartAtTheRootTakesEverything() {
    GitFolders.Plan plan = GitFolders.plan(files("Chart.yaml", "templates/a.yaml", "values.yaml"), true);

    assertThat(plan.folders()).singleElement().satisfies(folder -> assertThat(folder.path()).isEmpty());
    assertThat(plan.plain()).isEmpty();
  }
}
