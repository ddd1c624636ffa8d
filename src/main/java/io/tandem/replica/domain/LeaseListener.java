package io.tandem.replica.domain;

/** Told when this replica takes a lease or loses one (handed back, expired, or at shutdown). */
public interface LeaseListener {

  /**
   * This replica took the lease {@code name}.
   *
   * @param expired whether it was another replica's that ran out (a replica that died), rather than free or handed
   *     back
   */
  void acquired(String name, boolean expired);

  void released(String name);
}
