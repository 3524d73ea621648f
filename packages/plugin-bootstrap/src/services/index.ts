export { TaskService } from './task-service';
export { EmbeddingGenerationService } from './embedding-generation-service';
export { ActionFilterService } from './action-filter-service';
