package io.tandem.targets.domain;

/**
 * What a watch of one {@link WatchScope} sees, in domain terms. {@link #listed} is called once, on the thread that
 * starts the watch, before any event; the others on the client's threads.
 */
public interface WatchListener {

  /** The list the watch starts from: the watch sees every change after it, so none falls between the two. */
  void listed(ListedObjects listed);

  /** An object of the scope was made, changed or deleted. */
  void seen(ObjectEvent event);

  /**
   * The watch ended for good: the version it would resume from is gone (410 Gone: compacted, or an API server that
   * restarted). Only a new watch, from a new list, sees what happens next. Not called when the watch is closed.
   */
  void ended(String reason);
}
