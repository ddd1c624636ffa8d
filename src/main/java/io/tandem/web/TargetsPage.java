package io.tandem.web;

import io.tandem.common.access.Access;
import io.tandem.common.paging.PageRequest;
import io.tandem.targets.domain.TargetService;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/** The registered clusters and their health, as the last check found it. */
@Controller
class TargetsPage {

  private final TargetService targets;

  TargetsPage(TargetService targets) {
    this.targets = targets;
  }

  @Access(Access.Who.ANY_CALLER)
  @GetMapping("/ui/targets")
  String targets(Model model) {
    model.addAttribute("targets", targets.list(PageRequest.of(PageRequest.MAX_LIMIT, null)).items());
    return "ui/targets";
  }
}
