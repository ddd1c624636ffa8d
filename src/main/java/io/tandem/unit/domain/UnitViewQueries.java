package io.tandem.unit.domain;

import org.springframework.stereotype.Service;

/**
 * A unit as its responses show it. Each view is one statement, so it runs in no transaction of its own, and without
 * the transaction interceptor around it: even one that only joins the caller's (propagation SUPPORTS) took about a
 * twenty-fifth of a GET's server CPU on the request-path benchmark. Called within a transaction, it reads in that one.
 */
@Service
public class UnitViewQueries {

  private final UnitViews views;
  private final UnitQueries units;

  public UnitViewQueries(UnitViews views, UnitQueries units) {
    this.views = views;
    this.units = units;
  }

  /** The unit with its head data, as its responses show it; 404 when it or its space does not exist. */
  public UnitView view(String space, String slug) {
    return views.find(space, slug).orElseThrow(() -> units.unitNotFound(space, slug));
  }

  /** A unit just read or written, as its responses show it. */
  public UnitView view(Unit unit) {
    return views.of(unit);
  }
}
