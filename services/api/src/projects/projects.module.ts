// The projects context: the creation wizard, the lifecycle, the link pipeline and the people of each link.
import { Module } from '@nestjs/common';
import { AssignLinkMembersHandler } from './commands/assign-link-members.handler';
import { ChangeProjectStatusHandler } from './commands/change-project-status.handler';
import { CloneProjectHandler } from './commands/clone-project.handler';
import { DraftProjectHandler } from './commands/draft-project.handler';
import { SaveLinkGroupHandler } from './commands/save-link-group.handler';
import { SaveProjectStepHandler } from './commands/save-project-step.handler';
import { ProjectAccess } from './project-access.service';
import { ProjectErrorGroups } from './project-error-groups.service';
import { ProjectMembersController } from './project-members.controller';
import { ProjectReferences } from './project-references.service';
import { ProjectViews } from './project-views.service';
import { ProjectsController } from './projects.controller';
import { ProjectsRepository } from './projects.repository';

@Module({
  controllers: [ProjectMembersController, ProjectsController],
  providers: [
    ProjectsRepository,
    ProjectAccess,
    ProjectErrorGroups,
    ProjectReferences,
    ProjectViews,
    DraftProjectHandler,
    SaveProjectStepHandler,
    ChangeProjectStatusHandler,
    CloneProjectHandler,
    AssignLinkMembersHandler,
    SaveLinkGroupHandler,
  ],
  exports: [ProjectAccess, ProjectErrorGroups],
})
export class ProjectsModule {}
