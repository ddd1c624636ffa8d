package io.tandem.apply.domain;

import java.util.UUID;

/** The unit that applied an object, by id and by name. */
public record ObjectOwner(UUID unitId, String space, String unit) {

  /** {@code space/unit} */
  @Override
  public String toString() {
    return space + "/" + unit;
  }
}
