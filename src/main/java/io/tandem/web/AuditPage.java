package io.tandem.web;

import io.tandem.common.access.Access;
import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.common.paging.PageRequest;
import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog;
import io.tandem.security.domain.Audit;
import java.util.List;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** The audit log, newest first, for organisation admins; filtered by a where expression. */
@Controller
class AuditPage {

  private static final int PAGE = 200;

  private final Audit audit;

  AuditPage(Audit audit) {
    this.audit = audit;
  }

  @Access(Access.Who.ORG_ADMIN)
  @GetMapping("/ui/audit")
  String audit(@RequestParam(name = "where", required = false) String where, Model model) {
    List<Audit.Entry> entries = List.of();
    try {
      entries = audit.list(PageRequest.of(PAGE, null),
          Where.parse(where, WhereCatalog.AUDIT)).items();
    } catch (TandemException e) {
      if (e.code() != ProblemCode.INVALID_WHERE) {
        throw e;
      }
      model.addAttribute("whereError", UnitsPage.whereError(where, e.getMessage()));
    }
    model.addAttribute("where", where == null ? "" : where);
    model.addAttribute("entries", entries);
    return "ui/audit";
  }
}
