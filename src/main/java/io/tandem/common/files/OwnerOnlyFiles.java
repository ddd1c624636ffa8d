package io.tandem.common.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files and folders that only their owner may read: secrets (keys, tokens, passwords, kubeconfigs) are created 0600,
 * never written first and restricted after, and their own folders 0700. On a file system without POSIX permissions
 * (Windows) they keep the defaults and the folder's access rules apply.
 */
public final class OwnerOnlyFiles {

  private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
  private static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");

  private OwnerOnlyFiles() {}

  /** Creates {@code folder} (and missing parents) if needed and makes it 0700; returns it. */
  public static Path folder(Path folder) throws IOException {
    Files.createDirectories(folder);
    restrict(folder, FOLDER);
    return folder;
  }

  /** Writes {@code content} to {@code file}, replacing it whole: readers see the old or the new content, never a part. */
  public static Path write(Path file, byte[] content) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path temporary = posix(parent)
        ? Files.createTempFile(parent, "." + file.getFileName(), ".tmp", PosixFilePermissions.asFileAttribute(FILE))
        : Files.createTempFile(parent, "." + file.getFileName(), ".tmp", new FileAttribute<?>[0]);
    try {
      Files.write(temporary, content);
      Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(temporary);
    }
    return file;
  }

  public static Path write(Path file, String content) throws IOException {
    return write(file, content.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes {@code file} only if it does not exist yet; false if it did (its content is left alone). */
  public static boolean create(Path file, String content) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    try {
      if (posix(file.toAbsolutePath().getParent())) {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(FILE));
      } else {
        Files.createFile(file);
      }
    } catch (FileAlreadyExistsException e) {
      return false;
    }
    Files.writeString(file, content, StandardCharsets.UTF_8);
    return true;
  }

  /** Makes an existing file 0600 (a secret an earlier version wrote with the default permissions). */
  public static Path restrict(Path file) throws IOException {
    restrict(file, FILE);
    return file;
  }

  private static void restrict(Path path, Set<PosixFilePermission> permissions) throws IOException {
    if (posix(path) && !Files.getPosixFilePermissions(path).equals(permissions)) {
      Files.setPosixFilePermissions(path, permissions);
    }
  }

  private static boolean posix(Path path) {
    return path.getFileSystem().supportedFileAttributeViews().contains("posix");
  }
}
