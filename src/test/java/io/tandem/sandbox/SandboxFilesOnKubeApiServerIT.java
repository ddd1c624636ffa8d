package io.tandem.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.common.config.TandemProperties;
import io.tandem.support.RealCluster;
import io.tandem.support.TandemIT;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The real control plane's credentials are its owner's alone: the kubeconfigs (kwok's carries {@code system:masters}),
 * the token file and keys (etcd's too) are 0600 and the sandbox's folders 0700, so another local user reads none of them.
 */
@TandemIT
@RealCluster
class SandboxFilesOnKubeApiServerIT {

  @Autowired TandemProperties properties;

  @Test
  void theSandboxsCredentialsAndTheirFoldersAreOnlyTheirOwners() throws IOException {
    Path folder = SandboxCluster.folder(properties);
    List<String> open = new ArrayList<>();
    for (Path path : List.of(folder, folder.resolve("pki"), folder.resolve("pki").resolve("etcd"))) {
      String permissions = PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
      if (!permissions.equals("rwx------")) {
        open.add(path + " " + permissions);
      }
    }
    List<Path> secrets;
    try (Stream<Path> files = Files.walk(folder)) {
      secrets = files.filter(Files::isRegularFile).filter(file -> {
        String name = file.getFileName().toString();
        return name.endsWith("kubeconfig") || name.endsWith(".key") || name.equals("tokens.csv");
      }).toList();
    }
    assertThat(secrets).extracting(file -> file.getFileName().toString())
        .contains("kubeconfig", "kwok.kubeconfig", "kube-controller-manager.kubeconfig", "tokens.csv", "sa.key", "server.key",
            "client.key");
    for (Path file : secrets) {
      String permissions = PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
      if (!permissions.equals("rw-------")) {
        open.add(file + " " + permissions);
      }
    }
    assertThat(open).isEmpty();
  }
}
