package io.tandem.replica;

/** Told when this replica takes a lease or loses one (handed back, expired, or at shutdown). */
public interface LeaseListener {

  void acquired(String name);

  void released(String name);
}
