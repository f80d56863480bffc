package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** One failed id of a batch operation (§5.1). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record BatchFailureDto(String id, String error) {
    /**
     * The failure as a {@link OxiCloudException.ForbiddenByRole} when the server refused the item for the caller's
     * role ({@code "Access Denied: Missing 'delete' permission on File <id>"}); empty for any other failure.
     */
    public java.util.Optional<OxiCloudException.ForbiddenByRole> forbiddenByRole() {
        return OxiCloudException.ForbiddenByRole.parse("batch item " + Names.printable(id), error);
    }
}
