package io.tandem.sandbox;

import io.tandem.common.files.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The control plane's secrets, made once and kept in {@code <state>/pki} so the sandbox keeps its identity across
 * restarts: the service-account signing key pair and the static bearer tokens of its users. The API server makes its
 * own serving certificate ({@code --cert-dir}); etcd's certificates are {@link EtcdCertificates}, made at each start.
 */
final class SandboxKeys {

  record Tokens(String admin, String controllerManager, String scheduler, String kwok) {}

  private static final SecureRandom RANDOM = new SecureRandom();

  private SandboxKeys() {}

  static Tokens ensure(Path pki) throws IOException {
    OwnerOnlyFiles.folder(pki);
    if (!Files.exists(pki.resolve("sa.key"))) {
      KeyPair pair = rsa();
      writeSecret(pki.resolve("sa.key"), pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
      Files.writeString(pki.resolve("sa.pub"), pem("PUBLIC KEY", pair.getPublic().getEncoded()));
    }
    Path file = pki.resolve("tokens.csv");
    if (!Files.exists(file)) {
      writeSecret(file, String.join("\n",
          token() + ",admin,admin,\"system:masters\"",
          token() + ",system:kube-controller-manager,kube-controller-manager",
          token() + ",system:kube-scheduler,kube-scheduler",
          token() + ",kwok,kwok,\"system:masters\"") + "\n");
    }
    String[] lines = Files.readString(file).split("\n");
    return new Tokens(first(lines[0]), first(lines[1]), first(lines[2]), first(lines[3]));
  }

  private static String first(String csvLine) {
    return csvLine.substring(0, csvLine.indexOf(','));
  }

  private static KeyPair rsa() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048, RANDOM);
      return generator.generateKeyPair();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String token() {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
        + "\n-----END " + type + "-----\n";
  }

  private static void writeSecret(Path file, String content) throws IOException {
    OwnerOnlyFiles.write(file, content);
  }
}
