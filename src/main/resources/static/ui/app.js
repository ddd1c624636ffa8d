// Tandem web UI: the CSRF token on every htmx request, and the space's event stream re-fetching what it changed.
(function () {
  "use strict";
  function meta(name) {
    var element = document.querySelector('meta[name="' + name + '"]');
    return element ? element.getAttribute("content") : null;
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var header = meta("csrf-header");
    var token = meta("csrf-token");
    if (header && token) {
      event.detail.headers[header] = token;
    }
  });
  // a re-fetched table keeps the units a person had selected
  var selected = [];
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "units") {
      selected = Array.prototype.map.call(event.detail.target.querySelectorAll("input[name=unit]:checked"),
        function (box) { return box.value; });
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    selected.forEach(function (value) {
      var box = document.querySelector('#units input[name=unit][value="' + CSS.escape(value) + '"]');
      if (box) {
        box.checked = true;
      }
    });
    selected = [];
  });
  document.addEventListener("DOMContentLoaded", function () {
    var url = document.body.getAttribute("data-events");
    if (!url || !window.EventSource) {
      return;
    }
    var pending = null;
    var source = new EventSource(url);
    source.addEventListener("changed", function () {
      // several events in a burst (a refresh: revision, drift, action) become one re-fetch
      if (pending) {
        clearTimeout(pending);
      }
      pending = setTimeout(function () {
        pending = null;
        htmx.trigger(document.body, "tandem:changed");
      }, 150);
    });
    source.addEventListener("open", function () {
      document.body.setAttribute("data-events-open", "true");
    });
  });
})();
