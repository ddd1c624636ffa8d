package io.tandem.unit.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ContentBodiesTest {

  private final ContentBodies bodies = new ContentBodies();

  @Test
  void keepsTheLast256ContentsAndForgetsTheOlderOnes() {
    for (int i = 0; i < 300; i++) {
      bodies.put("sha-" + i, "body " + i);
    }

    assertThat(bodies.get("sha-0")).isEmpty();
    assertThat(bodies.get("sha-43")).isEmpty();
    assertThat(bodies.get("sha-44")).contains("body 44");
    assertThat(bodies.get("sha-299")).contains("body 299");
  }

  @Test
  void aContentReadRecentlyStaysWhileOthersComeIn() {
    bodies.put("kept", "the head of a unit written often");
    for (int i = 0; i < 300; i++) {
      assertThat(bodies.get("kept")).isPresent();
      bodies.put("sha-" + i, "body " + i);
    }

    assertThat(bodies.get("kept")).contains("the head of a unit written often");
  }
}
