export { TaskService } from './task-service';
export { EmbeddingGenerationService } from './embedding-generation-service';
