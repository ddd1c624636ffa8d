package io.tandem.git.jgit;

import io.tandem.git.domain.GitSyntax;
import java.net.URISyntaxException;
import java.util.Optional;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.transport.URIish;
import org.springframework.stereotype.Component;

/** Repository URLs and branch names as JGit reads them. */
@Component
public class JGitSyntax implements GitSyntax {

  @Override
  public Optional<Remote> read(String url) {
    try {
      URIish uri = new URIish(url);
      return Optional.of(new Remote(uri.getHost(), uri.getPort(), uri.getPass() != null));
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }

  @Override
  public boolean validBranch(String branch) {
    return Repository.isValidRefName("refs/heads/" + branch);
  }
}
