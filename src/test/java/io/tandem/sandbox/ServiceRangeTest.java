package io.tandem.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceRangeTest {

  @TempDir Path state;

  @Test
  void aNewSandboxGetsRoomForThousandsOfServicesAndKeepsItsRange() throws Exception {
    assertThat(ControlPlane.serviceRange(state)).isEqualTo("10.96.0.0/16");

    Files.createDirectories(state.resolve("etcd"));

    assertThat(ControlPlane.serviceRange(state)).as("recorded at the first start").isEqualTo("10.96.0.0/16");
  }

  @Test
  void aSandboxMadeBeforeTheRangeWasRecordedKeepsTheOldOne() throws Exception {
    Files.createDirectories(state.resolve("etcd"));

    assertThat(ControlPlane.serviceRange(state)).isEqualTo("10.0.0.0/24");
    assertThat(Files.readString(state.resolve("service-range"))).isEqualTo("10.0.0.0/24\n");
  }
}
